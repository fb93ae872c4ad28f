//! An event open beside the active one, with the room it shows phones: kept as it
//! was until it is made active again.

use crate::room::Room;
use crate::session::Session;

pub(super) struct Parked {
    pub(super) session: Session,
    pub(super) room: Room,
}
