//! One person across the shop's events, TCG+ and TOM (docs/library.md, "One person across
//! TCG+, TOM and the shop's events"): the library person carries a TCG+ membership number
//! and a Play! Pokémon ID beside the publisher ID the desk registered them with, a season
//! counts each person once across a shop event, a round-by-round TCG+ event and a TOM
//! event in any order of the files, the numbers travel between shops, and a TCG+ or TOM
//! player the library does not know is suggested and confirmed by a person.

use crate::support;

use std::path::{Path, PathBuf};

use tablekeeper_commands::shop::exchange;
use tablekeeper_commands::shop::season::{season, season_in_library};
use tablekeeper_commands::shop::tool_people;
use tablekeeper_commands::views::library::PublisherTool;
use tablekeeper_commands::views::prizes::SeasonView;
use tablekeeper_store::library::{Library, LibraryDetails, PublisherIds};

const NOW: &str = "2026-12-06T10:00:00+09:00";

/// Participation 1, a match win 3, a tie 1; first 10, second 6, third and fourth 3 (the
/// rules of `tom.rs`, whose table by hand this test leans on).
const RULES: &str = "name = \"Shop league\"\nparticipation = 1\nper_win = 3\nper_draw = 1\nplacing = [{ down_to = 1, points = 10 }, { down_to = 2, points = 6 }, { down_to = 4, points = 3 }]\ntiebreakers = [\"head-to-head\"]\n";

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden")
        .join(name)
}

/// The shop event, the TCG+ event with its three round files, the finalized TOM event.
fn files(dir: &tempfile::TempDir) -> Vec<PathBuf> {
    let mut files = vec![support::shop_event_with_tcgplus_members(dir)];
    for round in ["", " R1", " R2", " R3"] {
        files.push(golden(&format!(
            "tcgplus/rounds/2026-11-27 Store Tournament{round}.csv"
        )));
    }
    files.push(golden("tom/2026-11-29 League Challenge.tdf"));
    files
}

/// The library of the shop that ran the event: its four players linked to it as the app
/// links them, then Taro's Play! Pokémon ID and P3's TCG+ and Play! Pokémon numbers
/// typed onto their cards.
fn library(dir: &Path, shop_event: &Path) -> Library {
    let mut library = Library::open_or_create(&dir.join("players.tklibrary")).expect("library");
    let linked = library
        .link(
            support::registered(shop_event, &support::tcgplus_members()),
            NOW,
        )
        .expect("linked");
    let numbers: Vec<u32> = linked.iter().map(|(number, _)| *number).collect();
    let give = |library: &mut Library, number: u32, ids: PublisherIds| {
        let mut details = library.player(number).expect("player").details;
        details.ids = ids;
        library.edit(number, &details).expect("edit");
    };
    // Taro plays Pokémon as Ash Ketchum's ID (written with a leading zero: the same ID).
    give(
        &mut library,
        numbers[0],
        PublisherIds {
            tcgplus_id: None,
            pokemon_id: Some("01000001".into()),
        },
    );
    // P3 registered at the shop without an ID; in TCG+ they are 李小龍, in TOM Dawn Berlitz.
    give(
        &mut library,
        numbers[2],
        PublisherIds {
            tcgplus_id: Some("0000100003".into()),
            pokemon_id: Some("1000005".into()),
        },
    );
    library
}

/// The row of the one person shown under any of `names` (a merged person is shown under
/// one of their names), asserting there is exactly one.
fn person<'a>(
    season: &'a SeasonView,
    names: &[&str],
) -> &'a tablekeeper_commands::views::prizes::SeasonRowView {
    let rows: Vec<_> = season
        .rows
        .iter()
        .filter(|row| names.contains(&row.name.as_str()))
        .collect();
    assert_eq!(rows.len(), 1, "one row for {names:?}: {:?}", season.rows);
    rows[0]
}

#[test]
/// By hand (the TCG+ records from the round files' Match Points, the TOM table as in
/// `tom.rs`):
///
/// | person | shop event | TCG+ (2026-11-27)                         | TOM (2026-11-29)      |
/// |--------|------------|-------------------------------------------|-----------------------|
/// | Taro   | alone      | 山田 太郎 2-0-1, 1st: 1 + 6 + 1 + 10 = 18 | Ash 4-1-0, 2nd: 19    |
/// | P3     | alone      | 李小龍 1-0-2, 3rd: 1 + 3 + 2 + 3 = 9      | Dawn 3-1-1, 1st: 21   |
///
/// Alice is one person by her membership number, library or not (13 from TCG+: 2-1-0,
/// 2nd: 1 + 6 + 6).
fn a_season_counts_one_person_across_the_shop_tcgplus_and_tom_in_any_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = files(&dir);
    let own = season(RULES, &files[..1]).expect("the shop event alone");
    let alone = |name: &str| support::season_row(&own, name).points;
    let library = library(dir.path(), &files[0]);
    let without = season(RULES, &files).expect("without the library");
    let with = season_in_library(RULES, &files, &library).expect("with the library");
    // Without the library Taro's TOM self and P3's TCG+ and TOM selves are rows of their own.
    assert_eq!(with.rows.len() + 3, without.rows.len(), "{:?}", with.rows);
    assert_eq!(
        person(&with, &["Taro", "山田 太郎", "Ash Ketchum"]).points,
        alone("Taro") + 18 + 19
    );
    assert_eq!(
        person(&with, &["P3", "李小龍", "Dawn Berlitz"]).points,
        alone("P3") + 9 + 21
    );
    assert_eq!(
        person(&with, &["Alice", "Alice Martin"]).points,
        person(&without, &["Alice", "Alice Martin"]).points
    );
    assert_eq!(
        person(&without, &["Alice", "Alice Martin"]).points,
        alone("Alice") + 13
    );
    // In any order of the files.
    let sorted = |season: &SeasonView| {
        let mut all: Vec<(i64, Option<u32>)> =
            season.rows.iter().map(|r| (r.points, r.rank)).collect();
        all.sort();
        all
    };
    for turn in 0..files.len() {
        let mut order = files.clone();
        order.rotate_left(turn);
        let rotated = season_in_library(RULES, &order, &library).expect("rotated");
        assert_eq!(sorted(&rotated), sorted(&with));
        order.reverse();
        let reversed = season_in_library(RULES, &order, &library).expect("reversed");
        assert_eq!(sorted(&reversed), sorted(&with));
    }
}

#[test]
fn a_tool_player_the_library_does_not_know_is_suggested_and_confirmed_by_a_person() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = files(&dir);
    let mut library = library(dir.path(), &files[0]);
    let waiting = tool_people::unmatched(&library, &files).expect("unmatched");
    // TCG+: 7 players, of whom Taro (by the membership number he registered with), Alice
    // (the same) and 李小龍 (P3's card) are known; TOM: 10, of whom Ash and Dawn are.
    let count = |tool| waiting.iter().filter(|p| p.tool == tool).count();
    assert_eq!(count(PublisherTool::Tcgplus), 4, "{waiting:?}");
    assert_eq!(count(PublisherTool::Pokemon), 8, "{waiting:?}");
    // A regular of the shop's library with the same name is suggested for 佐藤 花子.
    let sato = library
        .add(
            &LibraryDetails {
                person: tablekeeper_engine::PlayerDetails {
                    name: "佐藤 花子".into(),
                    ..Default::default()
                },
                ..Default::default()
            },
            NOW,
        )
        .expect("add");
    let waiting = tool_people::unmatched(&library, &files).expect("unmatched");
    let hanako = waiting
        .iter()
        .find(|p| p.name == "佐藤 花子")
        .expect("佐藤 花子 waits");
    assert_eq!(hanako.id, "0000100004");
    assert_eq!(hanako.suggestions[0].number, sato.number);
    // Confirmed: the number goes on her card (a correction that travels), and she is
    // known from then on.
    let details = tool_people::with_number(&sato, hanako.tool, &hanako.id).expect("number");
    library.edit(sato.number, &details).expect("edit");
    let waiting = tool_people::unmatched(&library, &files).expect("unmatched");
    assert!(waiting.iter().all(|p| p.name != "佐藤 花子"), "{waiting:?}");
    // A card that has another TCG+ number already is not given a second one.
    let sato = library.player(sato.number).expect("sato");
    assert!(tool_people::with_number(&sato, PublisherTool::Tcgplus, "0000100002").is_err());
}

#[test]
fn the_numbers_travel_between_shops_and_merge_with_the_person() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let laptop = |name: &str| {
        let folder = root.join(name);
        std::fs::create_dir_all(&folder).expect("folder");
        let mut library =
            Library::open_or_create(&folder.join("players.tklibrary")).expect("library");
        library.set_shop_name(name).expect("name");
        library
    };
    let (mut a, mut b) = (laptop("A"), laptop("B"));
    a.trust(&b.shop().expect("b").key, "B", NOW).expect("trust");
    b.trust(&a.shop().expect("a").key, "A", NOW).expect("trust");
    let mut details = LibraryDetails::default();
    details.person.name = "Ken Ito".into();
    details.ids.tcgplus_id = Some("0000100077".into());
    let ken = a.add(&details, NOW).expect("add");
    details.ids.pokemon_id = Some("2000123".into());
    a.edit(ken.number, &details).expect("edit");
    let outbox = root.join("outbox");
    std::fs::create_dir_all(&outbox).expect("outbox");
    exchange::export(&mut a, &outbox, NOW).expect("bundle");
    exchange::import(&mut b, &outbox, NOW).expect("import");
    let there = b
        .players()
        .expect("players")
        .into_iter()
        .find(|p| p.details.person.name == "Ken Ito")
        .expect("Ken travelled");
    assert_eq!(there.details.ids, details.ids);
    assert_eq!(
        a.shared_contents().expect("a"),
        b.shared_contents().expect("b")
    );
}
