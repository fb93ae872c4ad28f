//! Tauri's build step: embeds `tauri.conf.json`, the capabilities and the built UI
//! (`ui/dist`, made by `npm run build` in `ui/`).

fn main() {
    tauri_build::build();
}
