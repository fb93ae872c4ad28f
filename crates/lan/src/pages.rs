//! The players' page, built into the binary: one HTML file, its script and its style. No
//! file is read from disk and nothing is fetched from the internet; any other path is not
//! found (so no path can reach outside these three).

const INDEX: &str = include_str!("../web/index.html");
const SCRIPT: &str = include_str!("../web/room.js");
const STYLE: &str = include_str!("../web/room.css");

/// The content type and text of the page file at `path`, if it is one.
pub fn file(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX)),
        "/room.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "/room.css" => Some(("text/css; charset=utf-8", STYLE)),
        _ => None,
    }
}
