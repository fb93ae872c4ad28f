//! A TOM event in the shop's ratings: each division its own rated event, every match both
//! players played rated (a bye, a loss given to one player and a match not played yet are
//! not), each player their Play! Pokémon ID, and of two saves of one event the one TOM
//! finalized counted, in any order of the files (docs/ratings.md, "Events run in TOM").

use std::path::{Path, PathBuf};

use tablekeeper_commands::shop::ratings::{People, ratings};
use tablekeeper_commands::shop::views::ratings::RatingsView;

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/tom")
        .join(name)
}

fn rate(files: &[&str]) -> RatingsView {
    let files: Vec<PathBuf> = files.iter().map(|f| golden(f)).collect();
    ratings("", &files, None, None, &People::default()).expect("ratings")
}

const FINAL: &str = "2026-11-29 League Challenge.tdf";
const AFTER_ROUND_2: &str = "2026-11-29 League Challenge after round 2.tdf";

/// (key, matches rated, events) from the golden file by hand. Masters: round 1 rates 1–2,
/// 3–4 and the tie 5–6 (the bye of 8 and the loss given to 7 are not rated); round 2 1–4,
/// the double loss 5–6 and 2–7 (the bye of 3 is not); round 3 1–7, 3–4 and 5–2 (the bye
/// of 6 is not); the top cut 1–6, 4–5 and the final 1–5. Juniors: 2000001–2000002.
fn by_hand() -> Vec<(&'static str, u32, u32)> {
    vec![
        ("id:1000001", 5, 1),
        ("id:1000002", 3, 1),
        ("id:1000003", 2, 1),
        ("id:1000004", 4, 1),
        ("id:1000005", 5, 1),
        ("id:1000006", 3, 1),
        ("id:1000007", 2, 1),
        ("id:2000001", 1, 1),
        ("id:2000002", 1, 1),
    ]
}

fn rows(view: &RatingsView) -> Vec<(String, u32, u32)> {
    let mut rows: Vec<(String, u32, u32)> = view
        .titles
        .iter()
        .flat_map(|title| &title.rows)
        .filter(|row| row.matches > 0)
        .map(|row| (row.key.clone(), row.matches, row.events))
        .collect();
    rows.sort();
    rows
}

#[test]
fn every_match_both_players_played_is_rated_per_division() {
    let view = rate(&[FINAL]);
    assert_eq!(view.titles.len(), 1);
    let title = &view.titles[0];
    assert_eq!(title.title, "pokemon");
    assert_eq!(title.events.len(), 2, "{:?}", title.events);
    let expected: Vec<(String, u32, u32)> = by_hand()
        .into_iter()
        .map(|(key, matches, events)| (key.to_string(), matches, events))
        .collect();
    assert_eq!(rows(&view), expected);
    // The player with a bye alone has no rated match.
    assert!(rows(&view).iter().all(|(key, _, _)| key != "id:1000008"));
    // The round's winner is rated up, its loser down, from the same start.
    let rating = |key: &str| {
        title
            .rows
            .iter()
            .find(|row| row.key == key)
            .map(|row| row.rating.rating)
            .expect("rated")
    };
    assert!(rating("id:2000001") > rating("id:2000002"));
}

#[test]
fn the_finalized_save_counts_over_one_still_running_in_any_order() {
    let finalized = rate(&[FINAL]);
    assert_eq!(rate(&[AFTER_ROUND_2, FINAL]), finalized);
    assert_eq!(rate(&[FINAL, AFTER_ROUND_2]), finalized);
    assert_eq!(rate(&[FINAL, FINAL]), finalized);
    // Alone, the running save rates what was played by round 2.
    let running = rate(&[AFTER_ROUND_2]);
    let ash = rows(&running)
        .into_iter()
        .find(|(key, _, _)| key == "id:1000001")
        .expect("Ash");
    assert_eq!(ash.1, 2);
}

/// A season's list of files is also the ratings' and the meta's in the app: a TCG+ file in
/// it rates nothing (no opponents), and the meta counts neither kind (no decks), rather
/// than refusing the list.
#[test]
fn the_publishers_files_in_a_seasons_list_rate_what_they_can() {
    let tcgplus = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/tcgplus/2026-11-20 Store Championship.csv");
    let mixed = vec![golden(FINAL), tcgplus];
    let rated = ratings("", &mixed, None, None, &People::default()).expect("ratings");
    assert_eq!(rated, rate(&[FINAL]));
    let meta = tablekeeper_commands::shop::meta::meta(&mixed, None).expect("the meta");
    assert_eq!(meta.events, 0);
    assert!(meta.decks.is_empty());
}
