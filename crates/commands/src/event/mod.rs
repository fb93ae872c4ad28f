//! The event wing: what one open event is and does. `session/` makes every change of an
//! event (each a named method with its reason) and is the only writer of event files;
//! `views/` builds what screens show from the event (pure); `desk/` holds the surface's
//! sections over an event, which parse a request and call the two.

pub mod desk;
pub mod session;
pub mod views;
