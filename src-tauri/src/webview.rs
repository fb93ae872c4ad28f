//! Windows: the window is drawn by Microsoft's WebView2 runtime, which Windows 10 and 11
//! carry and keep up to date. On the rare laptop without it, Tauri's own loader would stop
//! with a system dialog in English; instead the shop is told, in its language, what is
//! missing and where to get it. Nothing is downloaded: the shop installs the runtime itself
//! (README, "Install on Windows").

use rfd::{MessageButtons, MessageDialog, MessageLevel};
use tablekeeper_words::render::render;
use tablekeeper_words::{Language, msg};

/// Whether a WebView2 runtime is installed; `false` once the dialog told the user.
pub fn ready() -> bool {
    if tauri::webview_version().is_ok() {
        return true;
    }
    let language = Language::from_locale(&sys_locale::get_locale().unwrap_or_default());
    let title = msg!(
        "app.webview-missing.title",
        "Tablekeeper cannot open its window"
    );
    let text = msg!(
        "app.webview-missing",
        "This computer does not have the Microsoft Edge WebView2 Runtime, which Tablekeeper's window needs. Install the \"Evergreen\" WebView2 Runtime from Microsoft's website (developer.microsoft.com/microsoft-edge/webview2, free; the \"Standalone installer\" works from a USB stick), then start Tablekeeper again. Your events are safe in Documents\\Tablekeeper."
    );
    MessageDialog::new()
        .set_level(MessageLevel::Error)
        .set_title(render(&title, language))
        .set_description(render(&text, language))
        .set_buttons(MessageButtons::Ok)
        .show();
    false
}
