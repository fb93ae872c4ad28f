//! Shared event builders for the engine's tests and benchmarks (benches include this file
//! with `#[path]`), so every generator registers, pairs and records results the same way.

#![allow(dead_code)] // each test binary uses its own subset

use tablekeeper_engine::model::{DefaultReason, DrawReason, GameScore, ResultEntry, Seats, Side};
use tablekeeper_engine::pairing::{Pairing, pair_next_round};
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, Event, EventSettings, PlayerDetails};

/// An empty event under an embedded ruleset.
pub fn new_event(ruleset: &str, planned_rounds: u32, seed: u64) -> Event {
    let settings = EventSettings {
        name: "test".into(),
        planned_rounds,
        standings_seed: seed,
        title: None,
        ..EventSettings::default()
    };
    Event::new(
        settings,
        catalogue::ruleset(ruleset).expect("embedded ruleset"),
    )
    .expect("event")
}

/// Registers the next player ("P0", "P1", …); after round 1 this is a late entry.
pub fn register(event: &mut Event) {
    let name = format!("P{}", event.players.len());
    event
        .apply(&Action::RegisterPlayer(PlayerDetails {
            name,
            ..PlayerDetails::default()
        }))
        .expect("register");
}

/// An event with `players` registered.
pub fn event_with_players(ruleset: &str, players: usize, planned_rounds: u32, seed: u64) -> Event {
    let mut event = new_event(ruleset, planned_rounds, seed);
    for _ in 0..players {
        register(&mut event);
    }
    event
}

/// Applies `seats` as the next round and records `result(table)` at every table.
pub fn apply_round(
    event: &mut Event,
    seed: u64,
    seats: Vec<Seats>,
    tables: Vec<u32>,
    mut result: impl FnMut(u32) -> ResultEntry,
) {
    let round = u32::try_from(event.rounds.len() + 1).expect("round");
    let numbers: Vec<u32> = if tables.is_empty() {
        let pairs = seats
            .iter()
            .filter(|s| matches!(s, Seats::Pair { .. }))
            .count();
        (1..=u32::try_from(pairs).expect("tables")).collect()
    } else {
        tables.clone()
    };
    event
        .apply(&Action::PairRound {
            seed,
            seats,
            tables,
        })
        .expect("valid pairing");
    for table in numbers {
        let entry = result(table);
        event
            .apply(&Action::RecordResult {
                round,
                table,
                entry,
                replace: false,
                player: None,
            })
            .expect("result");
    }
}

/// Pairs the next round with the engine's pairer and records `result(table)` everywhere.
pub fn play_round(
    event: &mut Event,
    seed: u64,
    allow_rematches: bool,
    result: impl FnMut(u32) -> ResultEntry,
) -> Pairing {
    let pairing = pair_next_round(event, seed, allow_rematches).expect("pairing");
    apply_round(
        event,
        seed,
        pairing.seats.clone(),
        pairing.tables.clone(),
        result,
    );
    pairing
}

/// A result of every kind, chosen by `choice`: wins both ways, draws, double losses,
/// no-shows and game scores that fit the match length.
pub fn result_from(choice: u8, games_to_win: u8) -> ResultEntry {
    match choice % 9 {
        0 => ResultEntry::Draw {
            reason: DrawReason::Time,
            games: None,
            graded_reason: None,
        },
        1 => ResultEntry::DoubleLoss,
        2 => ResultEntry::Default {
            winner: Side::A,
            reason: DefaultReason::NoShow,
        },
        3 => ResultEntry::Win {
            winner: Side::B,
            games: Some(GameScore {
                a: games_to_win - 1,
                b: games_to_win,
                draws: 0,
            }),
            reason: None,
        },
        4..=6 => ResultEntry::Win {
            winner: Side::A,
            games: None,
            reason: None,
        },
        _ => ResultEntry::Win {
            winner: Side::B,
            games: None,
            reason: None,
        },
    }
}

/// A random event history built with the pairer itself: results of every kind, late
/// entries and drops, all decided by `choices` (replayable from the proptest seed).
pub fn random_event(
    ruleset_index: usize,
    players: usize,
    rounds: u32,
    choices: &[u8],
    seed: u64,
) -> Event {
    let ids = catalogue::ruleset_ids();
    let mut event = event_with_players(ids[ruleset_index % ids.len()], players, rounds + 1, seed);
    let mut cursor = 0usize;
    let mut next = || {
        cursor += 1;
        choices[cursor % choices.len()]
    };
    for round in 1..=rounds {
        if next() % 6 == 0 {
            register(&mut event);
        }
        if event.active_players().count() < 2 {
            break;
        }
        let games_to_win = event.ruleset.points.games_to_win;
        let picks: Vec<u8> = (0..event.players.len()).map(|_| next()).collect();
        play_round(
            &mut event,
            seed.wrapping_add(u64::from(round)),
            true,
            |table| result_from(picks[table as usize % picks.len()], games_to_win),
        );
        if next() % 5 == 0 {
            let pick = event
                .active_players()
                .nth(usize::from(next()))
                .map(|p| p.id);
            if let Some(player) = pick {
                event
                    .apply(&Action::DropPlayer {
                        player,
                        timing: None,
                    })
                    .expect("drop");
            }
        }
    }
    event
}

/// The median time of `runs` runs of `run` (the benchmarks' measure).
pub fn median_time(runs: usize, mut run: impl FnMut()) -> std::time::Duration {
    let mut samples: Vec<std::time::Duration> = (0..runs.max(1))
        .map(|_| {
            let start = std::time::Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}
