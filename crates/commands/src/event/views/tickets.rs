//! A player's ticket as hosts show and print it: who it is, their own code, and the page
//! address that opens with it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A player's ticket: who it is, the code, and the page address that opens with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerTicketView {
    pub player: u32,
    pub name: String,
    /// The personal code, in groups of five (`K7PXM-3QDAB`).
    pub code: String,
    /// The players' page with the code, while the event is shared (what the QR code opens).
    pub url: Option<String>,
    /// The QR code of `url` (or of the code alone while the event is not shared), as SVG.
    pub qr_svg: Option<String>,
}
