//! The players' page, built into the binary: one HTML file (also at `/enter`, the door's
//! QR poster), its scripts (the room, the door), its style and its
//! words (`/words.js`, the `room` section of every language's catalogue in
//! `crates/words/locales`). No file is read from disk and nothing is fetched from the
//! internet; any other path is not found (so no path can reach outside these).

use std::sync::OnceLock;

use tablekeeper_words::{Language, catalogue};

const INDEX: &str = include_str!("../web/index.html");
const SCRIPT: &str = include_str!("../web/room.js");
const DOOR_SCRIPT: &str = include_str!("../web/door.js");
const STYLE: &str = include_str!("../web/room.css");

/// The content type and text of the page file at `path`, if it is one.
pub fn file(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" | "/enter" => Some(("text/html; charset=utf-8", INDEX)),
        "/room.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "/door.js" => Some(("text/javascript; charset=utf-8", DOOR_SCRIPT)),
        "/words.js" => Some(("text/javascript; charset=utf-8", words_script())),
        "/room.css" => Some(("text/css; charset=utf-8", STYLE)),
        _ => None,
    }
}

/// `globalThis.TABLEKEEPER_WORDS = {"en": {…}, "ja": {…}, …};` and the chooser's
/// `globalThis.TABLEKEEPER_LANGUAGES = [{"id": "en", "name": "English"}, …];`, made once.
pub fn words_script() -> &'static str {
    static SCRIPT: OnceLock<String> = OnceLock::new();
    SCRIPT.get_or_init(|| {
        let words: serde_json::Map<String, serde_json::Value> = Language::ALL
            .iter()
            .map(|language| {
                let room = catalogue::section(*language, "room")
                    .cloned()
                    .unwrap_or_default();
                (language.id().to_string(), room)
            })
            .collect();
        let languages: Vec<serde_json::Value> = Language::ALL
            .iter()
            .map(|l| serde_json::json!({ "id": l.id(), "name": l.endonym() }))
            .collect();
        format!(
            "globalThis.TABLEKEEPER_WORDS = {};\nglobalThis.TABLEKEEPER_LANGUAGES = {};\n",
            serde_json::Value::Object(words),
            serde_json::Value::Array(languages)
        )
    })
}
