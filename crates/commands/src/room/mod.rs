//! The room: what the event shows the players' phones on the shop's network —
//! the round's tables, the clock, standings once the organizer publishes them and the
//! bracket — and the results players report with their table's code.
//!
//! This module holds the room's state and builds its views; the commands that use them are
//! on the desk (`desk::room`), and the HTTP server that serves them is a host
//! (`crates/lan`). The room view is built for anyone in the shop to see: it names players
//! by name and player number only and never carries publisher IDs, penalties or the
//! pairing seed (the table codes are derived from it).

pub mod carried;
pub mod code_index;
pub mod codes;
pub mod private_file;
pub mod reports;
mod settings;
mod shapes;
mod view;

pub use reports::ReportStatus;
pub use settings::*;
pub use shapes::*;
pub use view::*;
