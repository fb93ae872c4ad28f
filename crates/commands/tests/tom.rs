//! Pokémon events run in TOM counted in the shop's season: the `.tdf` read with every
//! outcome code, a drop, a late entry, a top cut and two divisions (golden files in
//! `tests/golden/tom/`, written by hand from the documented format), the league table
//! computed by hand with a shop event and a round-by-round TCG+ event in any order of the
//! files, a file TOM has not finalized read as far as it goes and said so, and a bad file
//! refused whole in English and Japanese (docs/seasons.md, "Events run in TOM").

use crate::support;

use std::path::{Path, PathBuf};

use tablekeeper_commands::formats::tom::{self, TomOutcome};
use tablekeeper_commands::shop::season::season;
use tablekeeper_commands::views::prizes::SeasonView;
use tablekeeper_words::{ErrorKind, Language, render};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden")
        .join(name)
}

const FINAL: &str = "tom/2026-11-29 League Challenge.tdf";
const AFTER_ROUND_2: &str = "tom/2026-11-29 League Challenge after round 2.tdf";

/// Participation 1, a match win 3, a tie 1; first 10, second 6, third and fourth 3; ties
/// broken by head-to-head.
const RULES: &str = "name = \"Shop league\"\nparticipation = 1\nper_win = 3\nper_draw = 1\nplacing = [{ down_to = 1, points = 10 }, { down_to = 2, points = 6 }, { down_to = 4, points = 3 }]\ntiebreakers = [\"head-to-head\"]\n";

use crate::support::season_row as row;

#[test]
fn every_outcome_code_is_read_as_tom_writes_it() {
    let event = tom::read(&golden(FINAL)).expect("the finalized file");
    assert_eq!(event.name, "Shop League Challenge & Friends");
    assert_eq!(event.sanction, "26-11-000123");
    assert_eq!(event.held_on, "2026-11-29");
    assert_eq!(event.players.len(), 10);
    assert_eq!(event.players["1000001"], "Ash Ketchum");
    let masters = &event.divisions[0];
    assert_eq!(masters.category, "2");
    let round_one: Vec<&TomOutcome> = masters
        .matches
        .iter()
        .filter(|(round, _)| *round == 1)
        .map(|(_, outcome)| outcome)
        .collect();
    let id = |s: &str| s.to_string();
    assert_eq!(
        round_one,
        vec![
            &TomOutcome::Won {
                winner: id("1000001"),
                loser: id("1000002")
            },
            &TomOutcome::Won {
                winner: id("1000004"),
                loser: id("1000003")
            },
            &TomOutcome::Tie(id("1000005"), id("1000006")),
            &TomOutcome::Bye(id("1000008")),
            &TomOutcome::Loss(id("1000007")),
        ]
    );
    assert!(
        masters
            .matches
            .contains(&(2, TomOutcome::DoubleLoss(id("1000005"), id("1000006"))))
    );
    assert_eq!(
        masters.matches.len(),
        16,
        "three Swiss rounds and a top four"
    );
    let standings = masters.standings.as_ref().expect("finalized");
    assert_eq!(standings.len(), 8, "the dropped player is placed too");
    assert_eq!(standings[0], (id("1000005"), 1));
    assert_eq!(event.divisions[1].category, "0");
}

/// By hand from the golden file (records include the top cut; places from TOM):
///
/// | Masters (8)  | record   | place | points                 |
/// |--------------|----------|-------|------------------------|
/// | Dawn         | 3-1-1    | 1     | 1 + 9 + 1 + 10 = 21    |
/// | Ash          | 4-1-0    | 2     | 1 + 12 + 6 = 19        |
/// | Gary         | 2-2-0    | 3     | 1 + 6 + 3 = 10         |
/// | May          | 1-2-1    | 4     | 1 + 3 + 1 + 3 = 8      |
/// | Brock (bye)  | 1-2-0    | 5     | 1 + 3 = 4              |
/// | Iris (late)  | 1-2-0    | 6     | 1 + 3 = 4              |
/// | Misty        | 0-3-0    | 7     | 1                      |
/// | Cilan (drop) | 1-0-0    | 8     | 1 + 3 = 4              |
///
/// Juniors (2): Bonnie 1-0, first: 1 + 3 + 10 = 14; Max 0-1, second: 1 + 6 = 7.
fn masters_and_juniors_by_hand() -> Vec<(&'static str, i64, u32, u32, u32)> {
    vec![
        ("Dawn Berlitz", 21, 3, 1, 1),
        ("Ash Ketchum", 19, 4, 1, 0),
        ("Gary Oak", 10, 2, 2, 0),
        ("May Maple", 8, 1, 2, 1),
        ("Brock Harrison", 4, 1, 2, 0),
        ("Iris Dragon", 4, 1, 2, 0),
        ("Misty Waterflower", 1, 0, 3, 0),
        ("Cilan Striaton", 4, 1, 0, 0),
        ("Bonnie Lumiose", 14, 1, 0, 0),
        ("Max Maple", 7, 0, 1, 0),
    ]
}

#[test]
fn a_tom_event_counts_each_division_with_its_records_places_and_matches() {
    let league = season(RULES, &[golden(FINAL)]).expect("the TOM event");
    assert_eq!(
        league.events.len(),
        2,
        "Masters and Juniors: {:?}",
        league.events
    );
    assert_eq!(
        league.events[0].name,
        "Shop League Challenge & Friends (Juniors)"
    );
    assert!(
        league
            .events
            .iter()
            .all(|e| !e.unfinished && !e.head_to_head_unknown)
    );
    for (name, points, wins, losses, draws) in masters_and_juniors_by_hand() {
        let found = row(&league, name);
        assert_eq!(
            (found.points, found.wins, found.losses, found.draws),
            (points, wins, losses, draws),
            "{name}"
        );
    }
    // Brock, Iris and Cilan tie on 4: head-to-head sees TOM's matches (Iris never met
    // Brock or Cilan; Brock and Cilan never met), so they stay equal and share the rank.
    let ranks: Vec<Option<u32>> = ["Brock Harrison", "Iris Dragon", "Cilan Striaton"]
        .iter()
        .map(|name| row(&league, name).rank)
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] == w[1]), "{ranks:?}");
}

#[test]
fn a_file_tom_has_not_finalized_is_read_as_far_as_it_goes_and_says_so() {
    let league = season(RULES, &[golden(AFTER_ROUND_2)]).expect("two rounds");
    assert!(
        league.events.iter().all(|e| e.unfinished),
        "{:?}",
        league.events
    );
    // After round 2, by match points: Ash 6 first; Gary, Brock, Iris, Cilan 3 share second
    // (1 + 3 + 6 = 10 each); Dawn and May 1 share sixth (1 + 1 = 2); Misty 0, eighth.
    assert_eq!(row(&league, "Ash Ketchum").points, 1 + 6 + 10);
    for name in [
        "Gary Oak",
        "Brock Harrison",
        "Iris Dragon",
        "Cilan Striaton",
    ] {
        assert_eq!(row(&league, name).points, 10, "{name}");
    }
    assert_eq!(row(&league, "Dawn Berlitz").points, 2);
    assert_eq!(row(&league, "Misty Waterflower").points, 1);
    // Both saves of the same event: the finalized one counts, whichever is listed first.
    let finalized = season(RULES, &[golden(FINAL)]).expect("final");
    for files in [
        [golden(AFTER_ROUND_2), golden(FINAL)],
        [golden(FINAL), golden(AFTER_ROUND_2)],
    ] {
        let both = season(RULES, &files).expect("both saves");
        assert_eq!(both.events.len(), 2);
        assert!(both.events.iter().all(|e| !e.unfinished));
        assert_eq!(
            row(&both, "Dawn Berlitz").points,
            row(&finalized, "Dawn Berlitz").points
        );
    }
}

#[test]
fn a_season_of_a_shop_event_a_tcgplus_event_by_rounds_and_a_tom_event_in_any_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let shop_event = support::shop_event_with_tcgplus_members(&dir);
    let own = season(RULES, std::slice::from_ref(&shop_event)).expect("the shop's event");
    let tcgplus: Vec<PathBuf> = ["", " R1", " R2", " R3"]
        .iter()
        .map(|round| {
            golden(&format!(
                "tcgplus/rounds/2026-11-27 Store Tournament{round}.csv"
            ))
        })
        .collect();
    let mut files = vec![golden(FINAL), shop_event.clone()];
    files.extend(tcgplus);
    let league = season(RULES, &files).expect("the league");
    assert_eq!(league.events.len(), 4, "{:?}", league.events);
    // The TOM players by hand, as above; the TCG+ event's 山田 (first, 2 wins and a draw:
    // 18) with the shop event's Taro, the same person by membership number.
    for (name, points, ..) in masters_and_juniors_by_hand() {
        assert_eq!(row(&league, name).points, points, "{name}");
    }
    let taro_alone = own.rows.iter().find(|r| r.name == "Taro").expect("Taro");
    assert_eq!(row(&league, "山田 太郎").points, taro_alone.points + 18);
    // Head-to-head sees the shop's and TOM's matches, not TCG+'s.
    let unknown: Vec<bool> = league
        .events
        .iter()
        .map(|e| e.head_to_head_unknown)
        .collect();
    assert_eq!(unknown.iter().filter(|u| **u).count(), 1, "{unknown:?}");
    let sorted = |season: &SeasonView| {
        let mut all: Vec<(String, i64, Option<u32>)> = season
            .rows
            .iter()
            .map(|r| (r.name.clone(), r.points, r.rank))
            .collect();
        all.sort();
        all
    };
    let expected = sorted(&league);
    for turn in 0..files.len() {
        let mut order = files.clone();
        order.rotate_left(turn);
        assert_eq!(sorted(&season(RULES, &order).expect("rotated")), expected);
        order.reverse();
        assert_eq!(sorted(&season(RULES, &order).expect("reversed")), expected);
    }
    // The same TOM file twice counts once.
    files.push(golden(FINAL));
    assert_eq!(sorted(&season(RULES, &files).expect("twice")), expected);
}

/// The golden file with `from` replaced by `to`.
fn changed(from: &str, to: &str) -> Vec<u8> {
    let text = std::fs::read_to_string(golden(FINAL)).expect("golden");
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1).into_bytes()
}

#[test]
fn a_bad_tom_file_is_refused_whole_saying_what_to_fix_in_english_and_japanese() {
    let corpus: Vec<(&str, Vec<u8>, &[&str])> = vec![
        (
            "an outcome code TOM does not write",
            changed("<match outcome=\"10\">", "<match outcome=\"7\">"),
            &["'7'", "round 2 of division 2"],
        ),
        (
            "a Play! Pokémon ID listed twice",
            changed("<player userid=\"1000002\">", "<player userid=\"1000001\">"),
            &["1000001", "listed twice"],
        ),
        (
            "a match naming a player who is not listed",
            changed(
                "<player2 userid=\"1000002\" />",
                "<player2 userid=\"1999999\" />",
            ),
            &["1999999", "round 1 of division 2"],
        ),
        (
            "a bye naming two players",
            changed(
                "<player userid=\"1000008\" />",
                "<player1 userid=\"1000008\" />\n<player2 userid=\"1000002\" />",
            ),
            &["outcome code 5", "round 1 of division 2"],
        ),
        (
            "a start date not as TOM writes it",
            changed(
                "<startdate>11/29/2026</startdate>",
                "<startdate>2026-11-29</startdate>",
            ),
            &["2026-11-29", "MM/DD/YYYY"],
        ),
        (
            "a place that is not a number",
            changed("place=\"3\"", "place=\"third\""),
            &["1000004", "'third'"],
        ),
    ];
    for (what, bytes, named) in corpus {
        let error = tom::parse(&bytes).expect_err(what);
        assert_eq!(error.kind(), ErrorKind::TomFile, "{what}");
        let english = error.message().to_string();
        for part in named {
            assert!(english.contains(part), "{what}: '{part}' in {english}");
        }
        let japanese = render(&error.message(), Language::Ja);
        assert!(japanese.contains("TOM"), "{what}: {japanese}");
        assert!(
            !japanese.contains("was not counted"),
            "{what}: translated: {japanese}"
        );
        for part in named
            .iter()
            .filter(|p| p.chars().all(|c| c.is_ascii_digit()))
        {
            assert!(japanese.contains(part), "{what}: '{part}' in {japanese}");
        }
    }
    // Not XML, not a tournament, not UTF-8: what it is, and to save it again from TOM.
    for (what, bytes) in [
        ("cut short", changed("</tournament>", "").to_vec()),
        (
            "another XML file",
            b"<?xml version=\"1.0\"?><deck><card/></deck>".to_vec(),
        ),
        ("binary", vec![0xFF, 0xFE, 0x00, 0x81]),
    ] {
        let error = tom::parse(&bytes).expect_err(what);
        assert_eq!(error.kind(), ErrorKind::TomFile, "{what}");
        assert!(
            error
                .message()
                .to_string()
                .contains("save the event again from TOM"),
            "{what}"
        );
    }
    // A bad TOM file among a season's files refuses the season, changing nothing.
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.tdf");
    std::fs::write(
        &bad,
        changed("<match outcome=\"10\">", "<match outcome=\"7\">"),
    )
    .expect("bad");
    let error = season(RULES, &[golden(FINAL), bad]).expect_err("refused");
    assert_eq!(error.kind(), ErrorKind::TomFile);
}
