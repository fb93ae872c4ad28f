//! A library card's TCG+ membership number and Play! Pokémon ID (docs/library.md, "One
//! person across TCG+, TOM and the shop's events"): a library from before them opens with
//! its players intact and takes them from then on, they survive closing and reopening, a
//! merge keeps the kept card's and takes the ones it lacks, and a library from before them
//! can still be imported.

use tablekeeper_engine::PlayerDetails;
use tablekeeper_store::library::{Library, LibraryDetails, PublisherIds};

const NOW: &str = "2026-12-06T10:00:00+09:00";

fn card(name: &str, tcgplus: Option<&str>, pokemon: Option<&str>) -> LibraryDetails {
    LibraryDetails {
        person: PlayerDetails {
            name: name.into(),
            ..PlayerDetails::default()
        },
        ids: PublisherIds {
            tcgplus_id: tcgplus.map(Into::into),
            pokemon_id: pokemon.map(Into::into),
        },
        ..Default::default()
    }
}

/// Makes the library at `path` look as one written before the numbers existed (schema 3).
fn as_before_the_numbers(path: &std::path::Path) {
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.execute_batch(
        "ALTER TABLE players DROP COLUMN pokemon_id;
         ALTER TABLE players DROP COLUMN tcgplus_id;
         PRAGMA user_version = 3;",
    )
    .expect("the older schema");
}

#[test]
fn an_older_library_opens_whole_and_keeps_the_numbers_from_then_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("players.tklibrary");
    {
        let mut library = Library::open_or_create(&path).expect("library");
        library.add(&card("Aiko", None, None), NOW).expect("add");
    }
    as_before_the_numbers(&path);
    let number = {
        let mut library = Library::open(&path).expect("the older library opens");
        let aiko = library.players().expect("players").remove(0);
        assert_eq!(aiko.details.person.name, "Aiko");
        assert_eq!(aiko.details.ids, PublisherIds::default());
        let given = card("Aiko", Some("0000100001"), Some("1000001"));
        library.edit(aiko.number, &given).expect("edit");
        aiko.number
    };
    let library = Library::open(&path).expect("reopen");
    let aiko = library.player(number).expect("Aiko");
    assert_eq!(aiko.details.ids.tcgplus_id.as_deref(), Some("0000100001"));
    assert_eq!(aiko.details.ids.pokemon_id.as_deref(), Some("1000001"));
}

#[test]
fn a_merge_keeps_the_kept_cards_numbers_and_takes_the_ones_it_lacks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut library =
        Library::open_or_create(&dir.path().join("players.tklibrary")).expect("library");
    let keep = library
        .add(&card("Ken", None, Some("2000123")), NOW)
        .expect("keep");
    let other = library
        .add(&card("Ken I.", Some("0000100077"), Some("9999")), NOW)
        .expect("other");
    let merged = library.merge(keep.number, other.number).expect("merge");
    assert_eq!(
        merged.details.ids,
        PublisherIds {
            tcgplus_id: Some("0000100077".into()),
            pokemon_id: Some("2000123".into()),
        }
    );
}

#[test]
fn a_library_from_before_the_numbers_can_be_imported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let old = dir.path().join("old.tklibrary");
    {
        let mut library = Library::open_or_create(&old).expect("old");
        library.add(&card("Mei", None, None), NOW).expect("add");
    }
    as_before_the_numbers(&old);
    let mut library =
        Library::open_or_create(&dir.path().join("players.tklibrary")).expect("library");
    library
        .add(&card("Ryo", Some("0000100009"), None), NOW)
        .expect("add");
    let imported = library.import(&old, NOW).expect("import");
    assert_eq!(imported.added, 1);
    let names: Vec<String> = library
        .players()
        .expect("players")
        .into_iter()
        .map(|p| p.details.person.name)
        .collect();
    assert_eq!(names, ["Ryo", "Mei"]);
}

#[test]
fn an_imported_card_matched_here_brings_the_numbers_it_has_and_this_one_lacks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let other = dir.path().join("other.tklibrary");
    {
        let mut library = Library::open_or_create(&other).expect("other");
        library
            .add(&card("Mei", Some("0000100009"), Some("1000009")), NOW)
            .expect("add");
    }
    let mut library =
        Library::open_or_create(&dir.path().join("players.tklibrary")).expect("library");
    let mei = library.add(&card("Mei", None, None), NOW).expect("Mei");
    // Another card here carries the Play! Pokémon ID already: it is not given to Mei too.
    library
        .add(&card("Ryo", None, Some("1000009")), NOW)
        .expect("Ryo");
    let imported = library.import(&other, NOW).expect("import");
    assert_eq!((imported.added, imported.matched), (0, 1));
    let mei = library.player(mei.number).expect("Mei");
    assert_eq!(mei.details.ids.tcgplus_id.as_deref(), Some("0000100009"));
    assert_eq!(mei.details.ids.pokemon_id, None);
}
