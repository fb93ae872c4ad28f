//! Linux: which of WebKitGTK's two ways of drawing the window the app uses.
//!
//! WebKitGTK 2.42 and later draw through DMA-BUF buffers shared with the GPU. On the
//! machines shops run, that path costs the most where it matters: it leaves some windows
//! blank (NVIDIA drivers, some Mesa and Wayland stacks; Tauri's and WebKit's own trackers
//! advise turning it off), its first frame waited about 1.1 s on this project's machine
//! kind, and every later frame that changed a table took 25–40 ms to draw against 10–15 ms
//! without it (docs/benchmarks.md, "Start, open and the window"). So the app turns it off
//! unless the person starting it said otherwise: `WEBKIT_DISABLE_DMABUF_RENDERER=0` brings
//! it back (decision 83).

/// The variable WebKitGTK reads when its first web view is created.
#[cfg(target_os = "linux")]
const DMABUF_OFF: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";

/// Chooses the renderer; call it first in `main`, before any thread starts.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
pub fn choose() {
    if std::env::var_os(DMABUF_OFF).is_none() {
        // SAFETY: `main` calls this before it starts any thread (Tauri, the desk's workers),
        // so nothing can read the environment while it is written.
        unsafe { std::env::set_var(DMABUF_OFF, "1") };
    }
}

/// Other platforms have one renderer.
#[cfg(not(target_os = "linux"))]
pub fn choose() {}
