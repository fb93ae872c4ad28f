//! Events run in Bandai's TCG+ counted in a shop's league: the organizer CSV read in both
//! encodings it comes in (golden files in `tests/golden/tcgplus/`), players matched to the
//! shop's own events by membership number, and a bad file refused whole with every problem's
//! line (docs/seasons.md, "Events run in TCG+").

use crate::support;

use std::path::{Path, PathBuf};

use tablekeeper_commands::formats::tcgplus::{self, TcgPlusPlacing};
use tablekeeper_commands::shop::season::season;
use tablekeeper_commands::views::prizes::SeasonView;
use tablekeeper_words::ErrorKind;

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/tcgplus")
        .join(name)
}

const UTF8_BOM: &str = "2026-11-20 Store Championship.csv";
const SHIFT_JIS: &str = "20261120 Store Championship (Shift-JIS).csv";
const WEEKLY: &str = "2026-12-04 Weekly.csv";

/// Participation 1; first 10, second 6, third and fourth 3; 3 a match win.
const RULES: &str = "name = \"Shop league\"\nparticipation = 1\nper_win = 3\nplacing = [{ down_to = 1, points = 10 }, { down_to = 2, points = 6 }, { down_to = 4, points = 3 }]\n";

fn placing(ranking: u32, membership: &str, user_name: &str, win_points: u32) -> TcgPlusPlacing {
    TcgPlusPlacing {
        ranking,
        membership: membership.into(),
        user_name: user_name.into(),
        win_points,
    }
}

#[test]
fn the_organizer_csv_reads_the_same_in_utf_8_with_bom_and_in_shift_jis() {
    let expected = vec![
        placing(1, "0000100001", "山田 太郎", 9),
        placing(2, "0000100002", "Иван Петров", 6),
        placing(3, "0000100003", "李小龍", 6),
        placing(3, "0000100004", "佐藤 花子", 6),
        placing(5, "0000100005", "Alice Martin", 3),
    ];
    let utf8 = tcgplus::read(&golden(UTF8_BOM)).expect("UTF-8 with BOM");
    let sjis = tcgplus::read(&golden(SHIFT_JIS)).expect("Shift-JIS");
    assert_eq!(utf8.placings, expected);
    assert_eq!(sjis.placings, expected);
    assert_eq!(utf8.held_on, "2026-11-20");
    assert_eq!(sjis.held_on, "2026-11-20", "from a name written 20261120");
    assert_eq!(utf8.name, "2026-11-20 Store Championship");
    let counted = utf8.season_event();
    assert_eq!(
        counted.held_at,
        tablekeeper_commands::shop::season::held_at(&counted.id),
        "held at the start of its day, as its identity says"
    );
    assert_eq!(counted.held_at, 1_795_132_800_000, "2026-11-20T00:00:00Z");
    assert_eq!(
        utf8.identity(),
        sjis.identity(),
        "the same results saved in the other encoding are the same event"
    );
    let weekly = tcgplus::read(&golden(WEEKLY)).expect("UTF-8 without BOM");
    assert_eq!(
        weekly.placings,
        vec![
            placing(1, "0000100005", "Alice Martin", 6),
            placing(2, "0000100006", "김민준", 3),
        ]
    );
    assert_ne!(weekly.identity(), utf8.identity());
}

use crate::support::season_row as row;

#[test]
fn tcgplus_placings_count_in_the_league_matched_by_membership_number() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The shop's own event: two of its players are TCG+ members, two are not.
    let event = support::shop_event_with_tcgplus_members(&dir);

    let own = season(RULES, std::slice::from_ref(&event)).expect("the shop's event alone");
    let own_points = |name: &str| row(&own, name).points;
    let files = [
        golden(UTF8_BOM),
        event.clone(),
        golden(SHIFT_JIS),
        golden(WEEKLY),
    ];
    let league = season(RULES, &files).expect("the league");
    assert_eq!(
        league.events.len(),
        3,
        "the Shift-JIS copy is the same event as the UTF-8 file: {:?}",
        league.events
    );
    // Places 1, 2, 3 (shared), 5 of 5 players: 1 + 10, 1 + 6, 1 + 3, 1 + 0; no match wins.
    let taro = row(&league, "山田 太郎");
    assert_eq!(taro.points, own_points("Taro") + 11);
    assert_eq!(taro.events_played, 2);
    assert_eq!(row(&league, "Иван Петров").points, 7);
    assert_eq!(row(&league, "李小龍").points, 4);
    assert_eq!(row(&league, "佐藤 花子").points, 4);
    assert_eq!(row(&league, "李小龍").best_place, 3, "a shared third place");
    // Alice: fifth at the championship (1), first of two at the weekly (1 + 10).
    let alice = row(&league, "Alice Martin");
    assert_eq!(alice.points, own_points("Alice") + 1 + 11);
    assert_eq!(alice.events_played, 3);
    assert_eq!(row(&league, "김민준").points, 7);
    for name in ["P3", "P4"] {
        assert_eq!(row(&league, name).points, own_points(name), "{name}");
    }
    assert_eq!(
        league.rows.iter().map(|r| r.wins).sum::<u32>(),
        own.rows.iter().map(|r| r.wins).sum::<u32>(),
        "a placing-only event adds no match wins"
    );
    // The same files in another order: the same table.
    let mut reversed = files.to_vec();
    reversed.reverse();
    let again = season(RULES, &reversed).expect("reversed");
    let points = |season: &SeasonView| {
        let mut all: Vec<(String, i64)> = season
            .rows
            .iter()
            .map(|r| (r.name.clone(), r.points))
            .collect();
        all.sort();
        all
    };
    assert_eq!(points(&again), points(&league));
}

/// A file with these rows under the golden header, named for a day.
fn with_rows(rows: &str) -> Vec<u8> {
    format!("Ranking,Membership Number,User Name,Win Points,OMW %,OOMW %,Memo,Deck URLs\n{rows}")
        .into_bytes()
}

#[test]
fn a_bad_file_is_refused_whole_with_the_line_of_every_problem() {
    // (what is wrong, the file, the name it has, the lines the refusal names)
    let corpus: Vec<(&str, Vec<u8>, &str, &[usize])> = vec![
        (
            "ranking not a number, then a membership number twice",
            with_rows(
                "1,0000100001,A,3,50,50,,\nfirst,0000100002,B,3,50,50,,\n2,0000100001,C,0,50,50,,\n",
            ),
            "2026-11-20 bad",
            &[3, 4],
        ),
        (
            "an empty membership number and user name",
            with_rows("1,,A,3,50,50,,\n2,0000100002,,3,50,50,,\n"),
            "2026-11-20 bad",
            &[2, 3],
        ),
        (
            "win points and percentages that are not numbers",
            with_rows(
                "1,0000100001,A,three,50,50,,\n2,0000100002,B,3,150,50,,\n3,0000100003,C,3,50,abc%,,\n",
            ),
            "2026-11-20 bad",
            &[2, 3, 4],
        ),
        (
            "a ranking of 0 after a blank line",
            with_rows("1,0000100001,A,3,50,50,,\n\n0,0000100002,B,3,50,50,,\n"),
            "2026-11-20 bad",
            &[4],
        ),
        (
            "a membership number with spaces inside",
            with_rows("1,0000 100001,A,3,50,50,,\n"),
            "2026-11-20 bad",
            &[2],
        ),
    ];
    for (what, bytes, name, lines) in corpus {
        let error = tcgplus::parse(&bytes, name).expect_err(what);
        assert_eq!(error.kind(), ErrorKind::CsvProblems, "{what}");
        let text = error.message().to_string();
        for line in lines {
            assert!(
                text.contains(&format!("line {line}:")),
                "{what}: line {line} in {text}"
            );
        }
        let named = text.matches("line ").count();
        assert_eq!(
            named,
            lines.len(),
            "{what}: only the bad lines are named: {text}"
        );
    }
}

#[test]
fn a_file_that_is_not_a_tcgplus_file_says_what_it_lacks() {
    let header_only = |header: &str| format!("{header}\n1,0000100001,A,3,50,50\n").into_bytes();
    // Not the organizer file's columns (a player list, a column missing).
    for header in [
        "name,reading,publisher_id",
        "Ranking,Membership Number,User Name,Win Points,OMW %",
    ] {
        let error = tcgplus::parse(&header_only(header), "2026-11-20 x").expect_err(header);
        assert_eq!(error.kind(), ErrorKind::CsvFormat, "{header}");
    }
    // Headers in any order and case, Memo and Deck URLs left out, another column unread.
    let reordered = b"user name,RANKING,Membership Number,OOMW %,OMW %,Win Points,Country\nA,1,0000100001,50,50,3,JP\n";
    let event = tcgplus::parse(reordered, "2026-11-20 x").expect("reordered");
    assert_eq!(event.placings, vec![placing(1, "0000100001", "A", 3)]);
    // No date in the name.
    let error = tcgplus::parse(reordered, "store event").expect_err("no date");
    assert_eq!(error.kind(), ErrorKind::CsvFormat);
    assert!(
        error.message().to_string().contains("2026-11-20"),
        "it shows how to name it"
    );
    // Neither UTF-8 nor Shift-JIS; a quote never closed; no players.
    let error = tcgplus::parse(&[0xFF, 0xFE, 0x00, 0x81], "2026-11-20 x").expect_err("binary");
    assert_eq!(error.kind(), ErrorKind::CsvEncoding);
    let error = tcgplus::parse(&with_rows("1,\"0000100001,A,3,50,50,,\n"), "2026-11-20 x")
        .expect_err("open quote");
    assert_eq!(error.kind(), ErrorKind::CsvFormat);
    let error = tcgplus::parse(&with_rows(""), "2026-11-20 x").expect_err("no players");
    assert_eq!(error.kind(), ErrorKind::CsvProblems);
}

#[test]
fn a_bad_file_in_a_season_changes_nothing_and_names_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("2026-11-21 broken.csv");
    std::fs::write(
        &bad,
        with_rows("1,0000100001,A,3,50,50,,\nx,0000100002,B,3,50,50,,\n"),
    )
    .expect("written");
    let error = season(RULES, &[golden(UTF8_BOM), bad]).expect_err("refused");
    assert_eq!(error.kind(), ErrorKind::CsvProblems);
    assert!(
        error.message().to_string().contains("line 3:"),
        "{}",
        error.message()
    );
}
