//! The library's lists are oldest first by the instant an event was made, whatever UTC
//! offset its laptop had (a laptop that travelled, daylight saving): the clock text sorts
//! them wrongly.

use std::path::PathBuf;

use tablekeeper_engine::PlayerDetails;
use tablekeeper_store::library::{Appearance, Library, LibraryDetails};

#[test]
fn events_and_a_players_history_are_oldest_first_across_utc_offsets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut library =
        Library::open_or_create(&dir.path().join("players.tklibrary")).expect("library");
    let player = library
        .add(
            &LibraryDetails {
                person: PlayerDetails {
                    name: "Aiko Tanaka".into(),
                    ..PlayerDetails::default()
                },
                note: None,
                ..Default::default()
            },
            "2026-03-01T10:00:00+09:00",
        )
        .expect("add");
    // 01:00 UTC in Tokyo, then 01:30 UTC in London (in summer time), then 02:00 UTC in
    // Tokyo: the text "02:30+01:00" sorts before "10:00+09:00" although it came later.
    let made = [
        ("Tokyo morning", "2026-03-29T10:00:00+09:00"),
        ("London night", "2026-03-29T02:30:00+01:00"),
        ("Tokyo later", "2026-03-29T11:00:00+09:00"),
    ];
    for (n, (name, date)) in made.iter().enumerate() {
        library
            .record_appearance(
                player.number,
                &Appearance {
                    event: format!("event-{n}"),
                    file: PathBuf::from(format!("{name}.tkevent")),
                    event_name: (*name).to_string(),
                    date: (*date).to_string(),
                    player: 1,
                    ticket: None,
                },
            )
            .expect("appearance");
    }
    let listed: Vec<String> = library
        .events_between(None, None)
        .expect("events")
        .into_iter()
        .map(|event| event.name)
        .collect();
    assert_eq!(listed, ["Tokyo morning", "London night", "Tokyo later"]);
    let history: Vec<String> = library
        .appearances(player.number)
        .expect("history")
        .into_iter()
        .map(|appearance| appearance.event_name)
        .collect();
    assert_eq!(history, listed);
}
