//! Seasons: golden cases from published series rules, each citing its source,
//! and property tests (the season is the sum of its events' contributions; an event added
//! twice counts once; the order events are given in changes nothing). docs/seasons.md.

use proptest::prelude::*;
use tablekeeper_engine::season::{SeasonEvent, SeasonResult, SeasonRules, compute};

fn rules(text: &str) -> SeasonRules {
    SeasonRules::from_toml(text).unwrap_or_else(|e| panic!("{e}"))
}

/// An event where `key` finished `place` among `players`, with a record of `wins`.
fn event(id: &str, players: u32, finishes: &[(&str, u32, u32)]) -> SeasonEvent {
    SeasonEvent {
        id: id.into(),
        held_at: 0,
        name: id.into(),
        players,
        results: finishes
            .iter()
            .map(|(key, place, wins)| SeasonResult {
                key: (*key).into(),
                name: (*key).into(),
                place: *place,
                wins: *wins,
                losses: 0,
                draws: 0,
            })
            .collect(),
        matches: Vec::new(),
        opponents_known: true,
        finished: true,
    }
}

/// Limitless, organizer/series.md: "1st place … receives 20 ranking points. 2nd place
/// receives 16 points, 3rd and 4th place receive 14 points, the remaining top 8 players
/// receive 12 points, etc. If the tournament has over 128 players, top 32 players receive 6
/// points (if it has less, they get 0), and if it has over 300 players, top 64 players
/// receive 4 points." "Over 128" is read as at least 129 (docs/seasons.md).
const LIMITLESS_WEEKLY: &str = r#"
    name = "Weekly"
    best = 10
    placing = [{ down_to = 1, points = 20 }, { down_to = 2, points = 16 },
               { down_to = 4, points = 14 }, { down_to = 8, points = 12 },
               { down_to = 16, points = 8 },
               { down_to = 32, points = 6, min_players = 129 },
               { down_to = 64, points = 4, min_players = 301 }]
"#;

#[test]
fn limitless_series_kickers_pay_only_in_fields_large_enough() {
    let weekly = rules(LIMITLESS_WEEKLY);
    for (players, place, points) in [
        (40, 1, 20),
        (40, 3, 14),
        (40, 5, 12),
        (40, 9, 8),
        (128, 20, 0),
        (129, 20, 6),
        (300, 40, 0),
        (301, 40, 4),
        (129, 40, 0),
    ] {
        assert_eq!(
            weekly.placing_points(place, players),
            points,
            "place {place} of {players}"
        );
    }
}

/// Limitless: "There is a best finish limit of 10, so only each player's 10 best "Weekly"
/// finishes are counted": eleven results worth 20, 16, 14, 14, 12, 12, 12, 8, 8, 6, 4 make
/// 122 (the 4 is dropped).
#[test]
fn limitless_series_best_finish_limit_of_ten() {
    let weekly = rules(LIMITLESS_WEEKLY);
    let finishes = [
        (1, 40),
        (2, 40),
        (3, 40),
        (4, 40),
        (5, 40),
        (6, 40),
        (7, 40),
        (9, 40),
        (10, 40),
        (20, 129),
        (40, 301),
    ];
    let events: Vec<SeasonEvent> = finishes
        .iter()
        .enumerate()
        .map(|(i, (place, players))| event(&format!("week {i}"), *players, &[("ash", *place, 0)]))
        .collect();
    let season = compute(&weekly, &events);
    let ash = &season.rows[0];
    assert_eq!(ash.points, 122);
    assert_eq!(ash.contributions.iter().filter(|c| c.counted).count(), 10);
    let dropped: Vec<i64> = ash
        .contributions
        .iter()
        .filter(|c| !c.counted)
        .map(|c| c.points)
        .collect();
    assert_eq!(dropped, vec![4]);
}

/// TopDeck.gg circuit leaderboards: "a tier called "Bronze", where only the 3 best bronze
/// performances will count for any player; tournaments would require a minimum attendance
/// of 16 players to count" (16+ inclusive, the Championship Series post). With 1st = 100,
/// 2nd–4th = 50, 5th–8th = 25: a win at 15 players counts for nothing; the best three of
/// 100, 50, 50, 25 make 200.
#[test]
fn topdeck_best_three_with_a_minimum_attendance_of_sixteen() {
    let bronze = rules(
        r#"name = "Bronze"
           best = 3
           min_players = 16
           placing = [{ down_to = 1, points = 100 }, { down_to = 4, points = 50 }, { down_to = 8, points = 25 }]"#,
    );
    let events = vec![
        event("e1", 20, &[("misty", 1, 0)]),
        event("e2", 15, &[("misty", 1, 0)]),
        event("e3", 16, &[("misty", 3, 0)]),
        event("e4", 32, &[("misty", 2, 0)]),
        event("e5", 24, &[("misty", 6, 0)]),
        event("e6", 18, &[("misty", 9, 0)]),
    ];
    let season = compute(&bronze, &events);
    assert_eq!(season.rows[0].points, 200);
    assert_eq!(
        season.rows[0].events_played, 5,
        "the 15-player event is not counted"
    );
}

/// A shop league: participation and wins, a minimum of three events to be ranked, ties
/// broken by the best finish then head-to-head; equal players share the rank.
#[test]
fn a_shop_league_with_attendance_minimum_and_tiebreakers() {
    let league = rules(
        r#"name = "Friday league"
           min_events = 3
           participation = 1
           per_win = 3
           tiebreakers = ["best-finish", "head-to-head"]"#,
    );
    let mut events = vec![
        event(
            "w1",
            8,
            &[("a", 1, 3), ("b", 2, 2), ("c", 3, 2), ("d", 5, 1)],
        ),
        event(
            "w2",
            8,
            &[("a", 3, 2), ("b", 1, 3), ("c", 2, 2), ("d", 4, 1)],
        ),
        event("w3", 8, &[("a", 2, 2), ("b", 3, 2), ("c", 1, 3)]),
    ];
    events[2].matches.push(("a".into(), "b".into(), Some(true)));
    let season = compute(&league, &events);
    let line: Vec<(Option<u32>, &str, i64)> = season
        .rows
        .iter()
        .map(|r| (r.rank, r.key.as_str(), r.points))
        .collect();
    // a, b and c: 3 + 3·7 = 24 each, best finish 1st each; a beat b in week 3.
    assert_eq!(
        line,
        vec![
            (Some(1), "a", 24),
            (Some(2), "b", 24),
            (Some(2), "c", 24),
            (None, "d", 8),
        ]
    );
}

/// Head-to-head reads only the events that count: Ann beat Bob in a 4-player event, which
/// `min_players = 8` leaves out, so in the 8-player event that counts (where they never met
/// and scored the same) they stay equal and share the rank.
#[test]
fn head_to_head_ignores_an_event_that_counts_for_nothing() {
    let league = rules(
        "name = \"League\"\nmin_players = 8\nper_win = 1\ntiebreakers = [\"head-to-head\"]\n",
    );
    let mut small = event("2026-10-01/small", 4, &[("ann", 1, 1), ("bob", 2, 0)]);
    small.matches = vec![("ann".into(), "bob".into(), Some(true))];
    let mut large = event("2026-10-08/large", 8, &[("ann", 1, 2), ("bob", 2, 2)]);
    large.matches = vec![
        ("ann".into(), "cy".into(), Some(true)),
        ("bob".into(), "dee".into(), Some(true)),
    ];
    let season = compute(&league, &[small, large]);
    let ranks: Vec<(String, Option<u32>)> = season
        .rows
        .iter()
        .map(|r| (r.key.clone(), r.rank))
        .collect();
    assert_eq!(
        ranks,
        vec![("ann".to_string(), Some(1)), ("bob".to_string(), Some(1))]
    );
}

/// Best N with equal results in two events: the earlier event (by its id, which begins with
/// its creation time) is the one counted, whatever order the files are listed in.
#[test]
fn best_n_keeps_the_earlier_of_equal_results_in_any_order() {
    let league = rules("name = \"League\"\nbest = 1\nparticipation = 5\n");
    let october = event("2026-10-01T19:00:00+09:00/01", 8, &[("ann", 3, 0)]);
    let november = event("2026-11-05T19:00:00+09:00/02", 8, &[("ann", 3, 0)]);
    for order in [
        vec![october.clone(), november.clone()],
        vec![november.clone(), october.clone()],
    ] {
        let season = compute(&league, &order);
        assert_eq!(season.events[0].0, october.id);
        let counted: Vec<(usize, bool)> = season.rows[0]
            .contributions
            .iter()
            .map(|c| (c.event, c.counted))
            .collect();
        assert_eq!(counted, vec![(0, true), (1, false)]);
    }
}

/// Events are taken in the order they were held, not in the order of their ids' text: an
/// event held at 20:00 in Tokyo (11:00 UTC) is earlier than one held at 12:00 in London.
#[test]
fn the_earlier_event_is_earlier_in_time_whatever_its_time_zone() {
    let league = rules("name = \"League\"\nbest = 1\nparticipation = 5\n");
    let mut tokyo = event("2026-10-01T20:00:00+09:00/a", 8, &[("ann", 3, 0)]);
    tokyo.held_at = 1_790_852_400_000;
    let mut london = event("2026-10-01T12:00:00+00:00/b", 8, &[("ann", 3, 0)]);
    london.held_at = 1_790_856_000_000;
    let season = compute(&league, &[london.clone(), tokyo.clone()]);
    assert_eq!(season.events[0].0, tokyo.id);
    assert!(season.rows[0].contributions[0].counted);
    assert_eq!(season.rows[0].contributions[0].event, 0);
}

/// Points past the documented limit are refused in words, never wrapped around.
#[test]
fn season_points_beyond_the_limit_are_refused() {
    let limit = tablekeeper_engine::season::rules::MAX_POINTS;
    for text in [
        format!("name = \"s\"\nper_win = {}", limit + 1),
        format!("name = \"s\"\nparticipation = {}", -limit - 1),
        format!(
            "name = \"s\"\nplacing = [{{ down_to = 1, points = {} }}]",
            i64::MAX
        ),
        format!(
            "name = \"s\"\nfield_bonus = [{{ min_players = 8, points = {} }}]",
            limit + 1
        ),
    ] {
        let error = SeasonRules::from_toml(&text).expect_err(&text);
        assert!(
            error.to_string().contains(&limit.to_string()),
            "{text}: {error}"
        );
    }
}

proptest! {
    /// A season's table is the same for every order of its files, with best-N ties (equal
    /// results in several events), events below the minimum of players and head-to-head
    /// among the tied: the same rows, ranks, counted events and event columns.
    #[test]
    fn the_season_is_the_same_for_every_order_of_its_files(
        results in proptest::collection::vec(
            (4u32..12, proptest::collection::vec((0usize..5, 1u32..4, 0u32..3), 1..6)),
            1..6,
        ),
        best in 1u32..3,
        rotate in 0usize..6,
        wins_between in proptest::collection::vec((0usize..5, 0usize..5, any::<bool>()), 0..8),
    ) {
        let text = format!(
            "name = \"s\"\nbest = {best}\nmin_players = 8\nparticipation = 1\nper_win = 1\nplacing = [{{ down_to = 1, points = 3 }}]\ntiebreakers = [\"head-to-head\", \"wins\"]\n"
        );
        let season_rules = rules(&text);
        let events: Vec<SeasonEvent> = results
            .iter()
            .enumerate()
            .map(|(i, (players, finishes))| {
                let mut seen = std::collections::BTreeSet::new();
                let finishes: Vec<(String, u32, u32)> = finishes
                    .iter()
                    .filter(|(p, _, _)| seen.insert(*p))
                    .map(|(p, place, wins)| (format!("p{p}"), *place, *wins))
                    .collect();
                let borrowed: Vec<(&str, u32, u32)> =
                    finishes.iter().map(|(k, p, w)| (k.as_str(), *p, *w)).collect();
                let mut e = event(&format!("2026-10-{:02}/{i}", 1 + (i * 7) % 28), *players, &borrowed);
                e.matches = wins_between
                    .iter()
                    .filter(|(a, b, _)| a != b)
                    .map(|(a, b, first)| (format!("p{a}"), format!("p{b}"), Some(*first)))
                    .collect();
                e
            })
            .collect();
        let season = compute(&season_rules, &events);
        let mut rotated = events.clone();
        rotated.rotate_left(rotate % events.len());
        prop_assert_eq!(&compute(&season_rules, &rotated), &season);
        let mut reversed = events.clone();
        reversed.reverse();
        prop_assert_eq!(&compute(&season_rules, &reversed), &season);
    }

    /// Without a best-N limit a player's season points are the sum of what each event gave
    /// them; an event given twice counts once; the order of the events changes nothing.
    #[test]
    fn the_season_is_the_sum_of_its_events(
        places in proptest::collection::vec(proptest::collection::vec(1u32..12, 1..6), 1..6),
        participation in 0i64..3,
        per_win in 0i64..4,
    ) {
        let text = format!(
            "name = \"s\"\nparticipation = {participation}\nper_win = {per_win}\nplacing = [{{ down_to = 1, points = 10 }}, {{ down_to = 4, points = 5 }}]\n"
        );
        let season_rules = rules(&text);
        let events: Vec<SeasonEvent> = places
            .iter()
            .enumerate()
            .map(|(i, event_places)| {
                let finishes: Vec<(String, u32, u32)> = event_places
                    .iter()
                    .enumerate()
                    .map(|(p, place)| (format!("p{p}"), *place, place % 3))
                    .collect();
                let borrowed: Vec<(&str, u32, u32)> =
                    finishes.iter().map(|(k, p, w)| (k.as_str(), *p, *w)).collect();
                event(&format!("e{i}"), 12, &borrowed)
            })
            .collect();
        let season = compute(&season_rules, &events);
        for row in &season.rows {
            let mut expected = 0i64;
            for e in &events {
                for r in e.results.iter().filter(|r| r.key == row.key) {
                    expected += participation + per_win * i64::from(r.wins)
                        + season_rules.placing_points(r.place, e.players);
                }
            }
            prop_assert_eq!(row.points, expected);
        }
        prop_assert_eq!(&compute(&season_rules, &events).rows, &season.rows, "recomputing is idempotent");
        let mut twice = events.clone();
        twice.extend(events.iter().cloned());
        prop_assert_eq!(&compute(&season_rules, &twice).rows, &season.rows);
        let mut reversed = events.clone();
        reversed.reverse();
        let again = compute(&season_rules, &reversed);
        let points = |s: &tablekeeper_engine::season::SeasonStandings| {
            let mut v: Vec<(String, i64, Option<u32>)> =
                s.rows.iter().map(|r| (r.key.clone(), r.points, r.rank)).collect();
            v.sort();
            v
        };
        prop_assert_eq!(points(&again), points(&season));
    }
}

/// A store league's rule (TanaLeague's import guide, docs/seasons.md "Drop the worst"):
/// "drop 2 worst tournaments after 8+ tournaments" — with seven events every result counts;
/// with the eighth each player's best six count, a missed event being one of the two
/// dropped. Points: 1 for playing, 3 a match win, 5 for first place; the table by hand:
///
/// | event | 1  | 2  | 3 | 4 | 5  | 6 | 7 | 8  | 7 events | 8 events (best 6)      |
/// |-------|----|----|---|---|----|---|---|----|----------|------------------------|
/// | ann   | 15 | 4  | 1 | 7 | 15 | 4 | 7 | 1  | 53       | 54 − 1 − 1 = 52        |
/// | ben   | 7  | 7  | 7 | 7 | 7  | 7 | – | –  | 42       | 42 (two missed dropped) |
/// | cleo  | –  | 15 | 1 | 4 | 10 | 4 | 7 | 15 | 41       | 56 − 1 = 55            |
#[test]
fn a_store_league_drops_the_two_worst_results_once_the_season_has_eight_events() {
    let league = rules(
        "name = \"League\"\nparticipation = 1\nper_win = 3\nplacing = [{ down_to = 1, points = 5 }]\ndrop_worst = 2\ndrop_from = 8\n",
    );
    let finishes: [&[(&str, u32, u32)]; 8] = [
        &[("ann", 1, 3), ("ben", 2, 2)],
        &[("ann", 3, 1), ("ben", 2, 2), ("cleo", 1, 3)],
        &[("ann", 3, 0), ("ben", 2, 2), ("cleo", 4, 0)],
        &[("ann", 3, 2), ("ben", 2, 2), ("cleo", 4, 1)],
        &[("ann", 1, 3), ("ben", 3, 2), ("cleo", 2, 3)],
        &[("ann", 3, 1), ("ben", 2, 2), ("cleo", 4, 1)],
        &[("ann", 3, 2), ("cleo", 2, 2)],
        &[("ann", 3, 0), ("cleo", 1, 3)],
    ];
    let events: Vec<SeasonEvent> = finishes
        .iter()
        .enumerate()
        .map(|(i, finishes)| event(&format!("e{}", i + 1), 8, finishes))
        .collect();
    let table = |events: &[SeasonEvent]| -> Vec<(String, i64)> {
        compute(&league, events)
            .rows
            .iter()
            .map(|row| (row.key.clone(), row.points))
            .collect()
    };
    let seven = table(&events[..7]);
    assert_eq!(
        seven,
        vec![("ann".into(), 53), ("ben".into(), 42), ("cleo".into(), 41)]
    );
    let eight = table(&events);
    assert_eq!(
        eight,
        vec![("cleo".into(), 55), ("ann".into(), 52), ("ben".into(), 42)]
    );
    let season = compute(&league, &events);
    let dropped = |key: &str| -> Vec<usize> {
        let row = season.rows.iter().find(|r| r.key == key).expect(key);
        row.contributions
            .iter()
            .filter(|c| !c.counted)
            .map(|c| c.event)
            .collect()
    };
    assert_eq!(dropped("ann"), vec![2, 7], "ann's two 1-point events");
    assert_eq!(
        dropped("ben"),
        Vec::<usize>::new(),
        "ben's two missed events"
    );
    assert_eq!(
        dropped("cleo"),
        vec![2],
        "cleo's missed event and her 1-point event"
    );
    // An event below the minimum of players is not one of the season's events.
    let mut small = events.clone();
    small[7].players = 4;
    let league_min = rules(
        "name = \"League\"\nparticipation = 1\nper_win = 3\nplacing = [{ down_to = 1, points = 5 }]\ndrop_worst = 2\ndrop_from = 8\nmin_players = 8\n",
    );
    let rows = compute(&league_min, &small).rows;
    assert_eq!(
        rows.iter().find(|r| r.key == "ann").map(|r| r.points),
        Some(53)
    );
}

/// Dropping as many results as the season has events would count nothing: refused in words.
#[test]
fn dropping_the_worst_needs_more_events_than_it_drops() {
    let error = SeasonRules::from_toml("name = \"s\"\ndrop_worst = 2\ndrop_from = 2\n")
        .expect_err("drop_from 2 with drop_worst 2");
    assert!(error.to_string().contains("drop_from to 3"), "{error}");
    assert!(SeasonRules::from_toml("name = \"s\"\ndrop_worst = 2\ndrop_from = 3\n").is_ok());
}
