//! A TCG+ event given round by round: the per-round CSVs read with the final file in each
//! encoding and naming (golden files in `tests/golden/tcgplus/rounds/`, written by hand),
//! each player's record rebuilt from the change of their Match Point, a season mixing a shop
//! event, a round-by-round TCG+ event and a placing-only one equal to a table by hand in any
//! order of the files, and a set that does not add up refused whole, naming the player and
//! the round, in English and Japanese (docs/seasons.md, "Events run in TCG+, round by round").

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tablekeeper_commands::formats::tcgplus::RoundRecord;
use tablekeeper_commands::formats::tcgplus_rounds::round_in_name;
use tablekeeper_commands::formats::tcgplus_set;
use tablekeeper_commands::shop::season::season;
use tablekeeper_commands::views::prizes::SeasonView;
use tablekeeper_words::{ErrorKind, Language, render};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/tcgplus")
        .join(name)
}

/// The event of 2026-11-27 in one encoding and naming: its final file, then rounds 1 to 3.
fn set(final_name: &str, round: impl Fn(u32) -> String) -> Vec<PathBuf> {
    let mut files = vec![golden(&format!("rounds/{final_name}.csv"))];
    files.extend((1..=3).map(|n| golden(&format!("rounds/{}.csv", round(n)))));
    files
}

fn utf8_bom_set() -> Vec<PathBuf> {
    set("2026-11-27 Store Tournament", |n| {
        format!("2026-11-27 Store Tournament R{n}")
    })
}

fn shift_jis_set() -> Vec<PathBuf> {
    set("20261127 Store Tournament (Shift-JIS)", |n| {
        format!("20261127 Store Tournament (Shift-JIS) 第{n}回戦")
    })
}

fn utf8_set() -> Vec<PathBuf> {
    set("2026-11-27_Store_Tournament", |n| {
        format!("2026-11-27_Store_Tournament_round_{n}")
    })
}

fn record(wins: u32, draws: u32, losses: u32) -> RoundRecord {
    RoundRecord {
        wins,
        draws,
        losses,
    }
}

/// The records by hand from the golden rounds (Match Points after rounds 1, 2, 3):
/// 山田 3, 6, 7 (W W D); Alice 3, 3, 6 (W L W); 李 1, 4, 5 (D W D); 鈴木 enters late, 1, 4
/// (D, then a bye); 佐藤 1, 2, 2 (D D L); Иван 0, 0 and then dropped (L L); Bob 0, then
/// dropped and gone from round 3 (L).
fn records_by_hand() -> BTreeMap<String, RoundRecord> {
    [
        ("0000100001", record(2, 1, 0)),
        ("0000100005", record(2, 0, 1)),
        ("0000100003", record(1, 2, 0)),
        ("0000100008", record(1, 1, 0)),
        ("0000100004", record(0, 2, 1)),
        ("0000100002", record(0, 0, 2)),
        ("0000100007", record(0, 0, 1)),
    ]
    .into_iter()
    .map(|(id, r)| (id.to_string(), r))
    .collect()
}

#[test]
fn records_are_rebuilt_from_the_match_points_in_every_encoding_and_naming() {
    let mut identities = Vec::new();
    for files in [utf8_bom_set(), shift_jis_set(), utf8_set()] {
        let events = tcgplus_set::read_set(&files).expect("a set that adds up");
        assert_eq!(events.len(), 1, "one event: {files:?}");
        let (path, event) = &events[0];
        assert_eq!(path, &files[0], "the event is its final file");
        assert_eq!(event.held_on, "2026-11-27");
        assert_eq!(event.records, records_by_hand(), "{files:?}");
        identities.push(event.identity());
    }
    identities.dedup();
    assert_eq!(identities.len(), 1, "the same event in every encoding");
}

#[test]
fn a_round_files_name_says_its_final_file_and_its_round() {
    for (name, expected) in [
        (
            "2026-11-27 Store Tournament R1",
            Some(("2026-11-27 Store Tournament", 1)),
        ),
        (
            "2026-11-27 Store Tournament r12",
            Some(("2026-11-27 Store Tournament", 12)),
        ),
        (
            "2026-11-27 Store Tournament round 2",
            Some(("2026-11-27 Store Tournament", 2)),
        ),
        (
            "2026-11-27 Store Tournament Round3",
            Some(("2026-11-27 Store Tournament", 3)),
        ),
        (
            "2026-11-27_Store_Tournament_round_4",
            Some(("2026-11-27_Store_Tournament", 4)),
        ),
        (
            "2026-11-27 Store Tournament - 5",
            Some(("2026-11-27 Store Tournament", 5)),
        ),
        (
            "2026-11-27 店舗大会 第2回戦",
            Some(("2026-11-27 店舗大会", 2)),
        ),
        (
            "2026-11-27 店舗大会 ラウンド3",
            Some(("2026-11-27 店舗大会", 3)),
        ),
        ("2026-11-27 Bar1", Some(("2026-11-27 Bar", 1))),
        ("2026-11-27 Store Tournament", None),
        ("2026-11-27 Store Tournament R0", None),
        ("R1", None),
    ] {
        let found = round_in_name(name);
        assert_eq!(
            found.as_ref().map(|(base, round)| (base.as_str(), *round)),
            expected,
            "{name}"
        );
    }
}

/// Participation 1, a match win 3, a draw 1; first 10, second 6, third and fourth 3.
const RULES: &str = "name = \"Shop league\"\nparticipation = 1\nper_win = 3\nper_draw = 1\nplacing = [{ down_to = 1, points = 10 }, { down_to = 2, points = 6 }, { down_to = 4, points = 3 }]\n";

use crate::support::season_row as row;

fn points(season: &SeasonView) -> Vec<(String, i64, u32)> {
    let mut all: Vec<(String, i64, u32)> = season
        .rows
        .iter()
        .map(|r| (r.name.clone(), r.points, r.wins))
        .collect();
    all.sort();
    all
}

#[test]
fn a_season_of_a_shop_event_a_round_by_round_tcgplus_event_and_a_placing_only_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let shop_event = support::shop_event_with_tcgplus_members(&dir);
    let own = season(RULES, std::slice::from_ref(&shop_event)).expect("the shop's event");
    let own_points = |name: &str| row(&own, name).points;
    let own_wins = |name: &str| row(&own, name).wins;

    let weekly = golden("2026-12-04 Weekly.csv");
    let mut files = vec![shop_event.clone()];
    files.extend(utf8_bom_set());
    files.push(weekly);
    let league = season(RULES, &files).expect("the league");
    assert_eq!(league.events.len(), 3, "{:?}", league.events);
    // By hand, the round-by-round event (7 players): 1 + 3 a win + 1 a draw + placing.
    // 山田 1st, 2 wins 1 draw: 1 + 6 + 1 + 10 = 18 (and the shop event's points).
    let yamada = row(&league, "山田 太郎");
    assert_eq!(yamada.points, own_points("Taro") + 18);
    assert_eq!(yamada.wins, own_wins("Taro") + 2);
    // Alice 2nd with 2 wins (1 + 6 + 6 = 13); 1st of 2 at the weekly, placing only (11).
    let alice = row(&league, "Alice Martin");
    assert_eq!(alice.points, own_points("Alice") + 13 + 11);
    assert_eq!(alice.events_played, 3);
    assert_eq!(alice.wins, own_wins("Alice") + 2, "the weekly adds no wins");
    // 李 3rd, 1 win 2 draws: 1 + 3 + 2 + 3 = 9. 鈴木 4th, a draw and a bye: 1 + 3 + 1 + 3.
    assert_eq!(row(&league, "李小龍").points, 9);
    assert_eq!(row(&league, "鈴木 一郎").points, 8);
    assert_eq!(row(&league, "鈴木 一郎").wins, 1, "a bye is a win");
    // 佐藤 5th, 2 draws: 1 + 2 = 3. Иван and Bob, no wins: 1 each. 김민준 2nd of 2: 1 + 6.
    assert_eq!(row(&league, "佐藤 花子").points, 3);
    assert_eq!(row(&league, "Иван Петров").points, 1);
    assert_eq!(row(&league, "Bob Stone").points, 1);
    assert_eq!(row(&league, "김민준").points, 7);
    for name in ["P3", "P4"] {
        assert_eq!(row(&league, name).points, own_points(name), "{name}");
    }
    // Any order of the files, and the same event again in the other encodings: the same.
    let expected = points(&league);
    let mut orders: Vec<Vec<PathBuf>> = Vec::new();
    for turn in 0..files.len() {
        let mut order = files.clone();
        order.rotate_left(turn);
        orders.push(order.clone());
        order.reverse();
        orders.push(order);
    }
    let mut everything = files.clone();
    everything.extend(shift_jis_set());
    everything.extend(utf8_set());
    everything.extend(utf8_bom_set());
    orders.push(everything);
    for order in orders {
        let again = season(RULES, &order).expect("another order");
        assert_eq!(points(&again), expected, "{order:?}");
        assert_eq!(again.events.len(), 3);
    }
    // Head-to-head cannot see the TCG+ events' matches, and says so where it breaks ties.
    assert!(league.events.iter().all(|e| !e.head_to_head_unknown));
    let with_head_to_head = format!("{RULES}tiebreakers = [\"head-to-head\"]\n");
    let told = season(&with_head_to_head, &files).expect("with head-to-head");
    let unknown: Vec<(bool, bool)> = told
        .events
        .iter()
        .map(|e| (e.file == shop_event, e.head_to_head_unknown))
        .collect();
    assert_eq!(unknown.len(), 3);
    assert!(
        unknown.iter().all(|(own, unknown)| own != unknown),
        "only the TCG+ events: {unknown:?}"
    );
}

/// The golden rounds, each a list of (rank, points, status, name, number) rows.
fn round_rows(round: u32) -> Vec<(u32, u32, &'static str, &'static str, &'static str)> {
    match round {
        1 => vec![
            (1, 3, "joining", "山田 太郎", "0000100001"),
            (1, 3, "joining", "Alice Martin", "0000100005"),
            (3, 0, "joining", "Иван Петров", "0000100002"),
        ],
        _ => vec![
            (1, 6, "joining", "山田 太郎", "0000100001"),
            (2, 3, "joining", "Alice Martin", "0000100005"),
            (3, 0, "dropped", "Иван Петров", "0000100002"),
        ],
    }
}

fn round_csv(rows: &[(u32, u32, &str, &str, &str)]) -> String {
    let mut text = String::from(
        "\"Rank\",\"Match Point\",\"Status\",\"Player Name - 1\",\"Membership Number - 1\"\n",
    );
    for (rank, points, status, name, number) in rows {
        text.push_str(&format!(
            "\"{rank}\",\"{points}\",\"{status}\",\"{name}\",\"{number}\"\n"
        ));
    }
    text
}

const FINAL: &str = "Ranking,Membership Number,User Name,Win Points,OMW %,OOMW %\n1,0000100001,山田 太郎,6,50,50\n2,0000100005,Alice Martin,3,50,50\n3,0000100002,Иван Петров,0,50,50\n";

/// Writes a final file and round files into `dir` and reads them as a season's files.
fn refused(
    dir: &Path,
    final_text: Option<&str>,
    rounds: &[(&str, String)],
) -> tablekeeper_commands::CommandError {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("dir");
    let mut files = Vec::new();
    if let Some(text) = final_text {
        let path = dir.join("2026-11-28 Cup.csv");
        std::fs::write(&path, text).expect("final");
        files.push(path);
    }
    for (name, text) in rounds {
        let path = dir.join(format!("{name}.csv"));
        std::fs::write(&path, text).expect("round");
        files.push(path);
    }
    season(RULES, &files).expect_err("refused")
}

/// What is wrong, the final file, the round files (name, text), what the refusal names.
type Case = (
    &'static str,
    Option<String>,
    Vec<(&'static str, String)>,
    &'static [&'static str],
);

#[test]
fn a_set_that_does_not_add_up_is_refused_whole_naming_the_player_and_the_round() {
    let temp = tempfile::tempdir().expect("tempdir");
    let dir = temp.path().join("set");
    let good = |round: u32| round_csv(&round_rows(round));
    // It adds up as written.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("2026-11-28 Cup.csv"), FINAL).expect("final");
    std::fs::write(dir.join("2026-11-28 Cup R1.csv"), good(1)).expect("r1");
    std::fs::write(dir.join("2026-11-28 Cup R2.csv"), good(2)).expect("r2");
    let files = [
        dir.join("2026-11-28 Cup.csv"),
        dir.join("2026-11-28 Cup R1.csv"),
        dir.join("2026-11-28 Cup R2.csv"),
    ];
    let fine = season(RULES, &files).expect("the good set");
    assert_eq!(row(&fine, "Alice Martin").wins, 1);
    // A player marked as left in the round they drew keeps the draw.
    let mut left_after_a_draw = round_rows(2);
    left_after_a_draw[2].1 = 1;
    std::fs::write(
        dir.join("2026-11-28 Cup R2.csv"),
        round_csv(&left_after_a_draw),
    )
    .expect("r2");
    std::fs::write(
        dir.join("2026-11-28 Cup.csv"),
        FINAL.replace("Иван Петров,0", "Иван Петров,1"),
    )
    .expect("final");
    let left = season(RULES, &files).expect("a draw, then left");
    assert_eq!(
        (
            row(&left, "Иван Петров").draws,
            row(&left, "Иван Петров").losses
        ),
        (1, 1)
    );

    let mut two_steps = round_rows(2);
    two_steps[1].1 = 5; // Alice 3 → 5 in round 2
    let mut unknown = round_rows(2);
    unknown.push((4, 0, "joining", "Zed", "0000100099"));
    let corpus: Vec<Case> = vec![
        (
            "Alice goes up by 2 in round 2",
            Some(FINAL.to_string()),
            vec![
                ("2026-11-28 Cup R1", good(1)),
                ("2026-11-28 Cup R2", round_csv(&two_steps)),
            ],
            &["Alice Martin", "0000100005", "round 2", "from 3 to 5"],
        ),
        (
            "round 2 is missing",
            Some(FINAL.to_string()),
            vec![
                ("2026-11-28 Cup R1", good(1)),
                ("2026-11-28 Cup R3", good(2)),
            ],
            &["round 2 is missing", "up to round 3"],
        ),
        (
            "two different files are round 2",
            Some(FINAL.to_string()),
            vec![
                ("2026-11-28 Cup R1", good(1)),
                ("2026-11-28 Cup R2", good(2)),
                ("2026-11-28 Cup round 2", round_csv(&two_steps)),
            ],
            &["are both round 2"],
        ),
        (
            "the last round's points are not the final file's",
            Some(FINAL.replace("山田 太郎,6", "山田 太郎,9")),
            vec![
                ("2026-11-28 Cup R1", good(1)),
                ("2026-11-28 Cup R2", good(2)),
            ],
            &["山田 太郎", "6 Match Points", "9 Win Points"],
        ),
        (
            "a player of a round who is not in the final file",
            Some(FINAL.to_string()),
            vec![
                ("2026-11-28 Cup R1", good(1)),
                ("2026-11-28 Cup R2", round_csv(&unknown)),
            ],
            &["Zed", "0000100099", "round 2"],
        ),
        (
            "a player of the final file in no round",
            Some(format!("{FINAL}4,0000100010,Eve,0,50,50\n")),
            vec![
                ("2026-11-28 Cup R1", good(1)),
                ("2026-11-28 Cup R2", good(2)),
            ],
            &["Eve", "0000100010", "no round file"],
        ),
        (
            "round files without their final file",
            None,
            vec![("2026-11-28 Cup R1", good(1))],
            &["2026-11-28 Cup.csv", "round 1"],
        ),
    ];
    for (what, final_text, rounds, named) in corpus {
        let error = refused(&dir, final_text.as_deref(), &rounds);
        assert_eq!(error.kind(), ErrorKind::CsvProblems, "{what}: {error}");
        let english = error.message().to_string();
        for part in named {
            assert!(english.contains(part), "{what}: '{part}' in {english}");
        }
        // In Japanese: the same names and numbers in the catalogue's sentences.
        let japanese = render(&error.message(), Language::Ja);
        assert_ne!(japanese, english, "{what}: translated");
        for part in named.iter().filter(|p| !p.is_ascii() || p.starts_with('0')) {
            assert!(japanese.contains(part), "{what}: '{part}' in {japanese}");
        }
    }
}

#[test]
fn a_bad_round_file_is_refused_with_the_line_of_every_problem() {
    let temp = tempfile::tempdir().expect("tempdir");
    let dir = temp.path().join("bad");
    let bad = "\"Rank\",\"Match Point\",\"Status\",\"Player Name - 1\",\"Membership Number - 1\"\n\"1\",\"three\",\"joining\",\"山田 太郎\",\"0000100001\"\n\"2\",\"3\",\"\",\"Alice Martin\",\"0000100005\"\n\"3\",\"0\",\"joining\",\"Иван Петров\",\"0000100002\"\n\"x\",\"0\",\"joining\",\"Иван Петров\",\"0000100002\"\n".to_string();
    let error = refused(&dir, Some(FINAL), &[("2026-11-28 Cup R1", bad)]);
    assert_eq!(error.kind(), ErrorKind::CsvProblems);
    let english = error.message().to_string();
    for line in [
        "line 2: Match Point 'three'",
        "line 3: the Status is empty",
        "line 5: Rank 'x'",
    ] {
        assert!(english.contains(line), "'{line}' in {english}");
    }
    assert!(
        english.contains("2026-11-28 Cup R1"),
        "names the file: {english}"
    );
    let japanese = render(&error.message(), Language::Ja);
    assert!(
        !japanese.contains("line 2"),
        "every line in Japanese: {japanese}"
    );
    // A round file whose name has no round; one with the final file's header missing a column.
    let error = refused(
        &dir,
        Some(FINAL),
        &[("2026-11-28 Cup", round_csv(&round_rows(1)))],
    );
    assert_eq!(error.kind(), ErrorKind::CsvFormat, "{error}");
    let missing_status = "\"Rank\",\"Match Point\",\"Player Name - 1\",\"Membership Number - 1\"\n\"1\",\"3\",\"A\",\"0000100001\"\n";
    let error = refused(
        &dir,
        Some(FINAL),
        &[("2026-11-28 Cup R1", missing_status.into())],
    );
    assert_eq!(error.kind(), ErrorKind::CsvFormat, "{error}");
    assert!(error.message().to_string().contains("Status"), "{error}");
}

#[test]
fn the_same_round_file_given_twice_counts_once() {
    let mut files = utf8_bom_set();
    files.extend(utf8_bom_set());
    let temp = tempfile::tempdir().expect("tempdir");
    // A copy of round 2 under another round-2 name beside the originals.
    let copy = temp.path().join("2026-11-27 Store Tournament round 2.csv");
    std::fs::copy(&files[2], &copy).expect("copy");
    let moved: Vec<PathBuf> = files
        .iter()
        .take(4)
        .map(|f| {
            let to = temp.path().join(f.file_name().expect("name"));
            std::fs::copy(f, &to).expect("copy");
            to
        })
        .chain([copy])
        .collect();
    let once = season(RULES, &utf8_bom_set()).expect("once");
    let twice = season(RULES, &files).expect("listed twice");
    let copied = season(RULES, &moved).expect("with a copy of round 2");
    assert_eq!(points(&twice), points(&once));
    assert_eq!(points(&copied), points(&once));
}
