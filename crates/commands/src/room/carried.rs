//! The room that travels with a station's copy (docs/lan.md, "Taking over when the main
//! laptop dies"): the secret the players' codes are made with and the room's settings
//! (reporting, standings). The main laptop sends them with the replica, over the stations'
//! encrypted link only; the station keeps them beside its copy, readable by its own account
//! only; a laptop that opens the copy — the takeover — answers the phones with them, so a
//! player's ticket and the reporting the organizer chose go on working there.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::RoomSettings;

/// What a station keeps of the main laptop's room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CarriedRoom {
    /// The secret of the players' and tables' codes, as hex.
    pub secret: String,
    pub settings: RoomSettings,
}

/// Where the room is kept beside `copy` (`night.tkevent` → `night.tkevent.room`).
pub fn beside(copy: &Path) -> PathBuf {
    let mut name = copy.as_os_str().to_os_string();
    name.push(".room");
    PathBuf::from(name)
}

/// Keeps `room` beside `copy`: written beside its name, made private, then renamed into
/// place, so a station killed meanwhile keeps the room it had.
pub fn keep(copy: &Path, room: &CarriedRoom) -> std::io::Result<()> {
    let target = beside(copy);
    let mut temporary = target.as_os_str().to_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let text = serde_json::to_vec(room).map_err(std::io::Error::other)?;
    std::fs::write(&temporary, text)?;
    super::private_file::keep_private(&temporary);
    std::fs::rename(&temporary, &target).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// The room kept beside `copy`, if one is there and reads.
pub fn read(copy: &Path) -> Option<CarriedRoom> {
    let bytes = std::fs::read(beside(copy)).ok()?;
    serde_json::from_slice(&bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_room_reads_back_and_a_damaged_one_is_none() {
        let dir = tempfile::tempdir().expect("tempdir");
        let copy = dir.path().join("night.tkevent");
        assert_eq!(read(&copy), None);
        let room = CarriedRoom {
            secret: "ab".repeat(32),
            settings: RoomSettings::default(),
        };
        keep(&copy, &room).expect("kept");
        assert_eq!(read(&copy), Some(room));
        assert_eq!(beside(&copy), dir.path().join("night.tkevent.room"));
        std::fs::write(beside(&copy), b"{").expect("damaged");
        assert_eq!(read(&copy), None);
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 1, "no temporary file left: {left:?}");
    }
}
