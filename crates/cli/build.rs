//! Windows builds: the CLI's product name, version and icon in its `.exe` resources, as the
//! app's are (Explorer's Properties, the firewall prompt, "Apps & features").

fn main() {
    println!("cargo:rerun-if-changed=../../icons/icon.ico");
    // The target's OS, not the build machine's: Windows `.exe`s are built on Linux.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = tauri_winres::WindowsResource::new();
        resource
            .set_icon("../../icons/icon.ico")
            .set("ProductName", "Tablekeeper")
            .set("FileDescription", "Tablekeeper command line")
            .set("LegalCopyright", "MIT licence");
        if let Err(error) = resource.compile() {
            panic!("the Windows resources could not be compiled: {error}");
        }
    }
}
