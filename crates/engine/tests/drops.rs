//! Drops (000 §4.5, 001 本文 第4部 第5章, RULESETS.md decision 35): a drop after pairing
//! loses that round's match (a bye is withdrawn), recorded as its own result before the
//! drop; a drop after the results takes effect from the next round. Drops logged before
//! decision 35 (without `timing`) replay exactly as they did.

use crate::support;

use tablekeeper_engine::model::{
    Category, DefaultReason, DropTiming, Outcome, PlayerId, ResultEntry, Seats, Side,
};
use tablekeeper_engine::{Action, EngineError, Event};

/// Five players, round 1 paired (two tables and a bye), no result yet.
fn paired() -> (Event, PlayerId, (PlayerId, PlayerId)) {
    let mut event = support::event_with_players("bushiroad-en", 5, 3, 1);
    let pairing = tablekeeper_engine::pairing::pair_next_round(&event, 1, false).expect("pair");
    event
        .apply(&Action::PairRound {
            seed: 1,
            seats: pairing.seats.clone(),
            tables: pairing.tables,
        })
        .expect("round 1");
    let bye = pairing
        .seats
        .iter()
        .find_map(|s| match s {
            Seats::Single { player } => Some(*player),
            Seats::Pair { .. } => None,
        })
        .expect("a bye");
    let pair = pairing
        .seats
        .iter()
        .find_map(|s| match s {
            Seats::Pair { a, b } => Some((*a, *b)),
            Seats::Single { .. } => None,
        })
        .expect("a pair");
    (event, bye, pair)
}

fn bye_result(event: &Event, player: PlayerId) -> tablekeeper_engine::model::SeatResult {
    event.rounds[0]
        .match_of(player)
        .and_then(|m| m.result.as_ref())
        .map(|r| r.seats[0])
        .expect("a result")
}

#[test]
fn decision_35_a_drop_after_pairing_withdraws_the_bye() {
    let (mut event, bye, _) = paired();
    event
        .apply(&Action::RecordResult {
            round: 1,
            table: 0,
            entry: ResultEntry::WithdrawnBye,
            replace: true,
            player: Some(bye),
        })
        .expect("withdraw the bye");
    event
        .apply(&Action::DropPlayer {
            player: bye,
            timing: Some(DropTiming::AfterPairing),
        })
        .expect("drop");
    let seat = bye_result(&event, bye);
    assert_eq!(seat.outcome, Outcome::Loss);
    assert_eq!(seat.category, Category::DefaultLoss);
    assert_eq!(
        seat.points,
        tablekeeper_engine::Exact::ZERO,
        "no bye points"
    );
    assert_eq!(
        event.player(bye).expect("player").drop_timing,
        Some(DropTiming::AfterPairing)
    );
}

#[test]
fn decision_35_the_loss_is_recorded_before_a_drop_after_pairing() {
    let (event, _, (a, b)) = paired();
    // Without its loss a drop after pairing is refused, and a drop "after the results"
    // while the player's match is open is refused too.
    for timing in [DropTiming::AfterPairing, DropTiming::AfterResults] {
        let refused = event.clone().apply(&Action::DropPlayer {
            player: b,
            timing: Some(timing),
        });
        assert!(
            matches!(refused, Err(EngineError::InvalidResult(_))),
            "{timing:?}"
        );
    }
    let mut event = event;
    let table = event.rounds[0]
        .match_of(b)
        .and_then(|m| m.table)
        .expect("table");
    event
        .apply(&Action::RecordResult {
            round: 1,
            table,
            entry: ResultEntry::Default {
                winner: Side::A,
                reason: DefaultReason::DropAfterPairing,
            },
            replace: false,
            player: None,
        })
        .expect("the loss");
    event
        .apply(&Action::DropPlayer {
            player: b,
            timing: Some(DropTiming::AfterPairing),
        })
        .expect("drop");
    let result = event.rounds[0]
        .match_of(a)
        .and_then(|m| m.result.clone())
        .expect("result");
    assert_eq!(result.seats[0].outcome, Outcome::Win);
    assert_eq!(result.seats[1].category, Category::DefaultLoss);
}

/// A drop written before decision 35 (no `timing`) concedes an open match by itself and
/// keeps a bye: the event file replays exactly as it did.
#[test]
fn decision_35_drops_logged_before_it_replay_as_before() {
    let (mut event, bye, (_, b)) = paired();
    for player in [bye, b] {
        event
            .apply(&Action::DropPlayer {
                player,
                timing: None,
            })
            .expect("legacy drop");
    }
    let seat = bye_result(&event, bye);
    assert_eq!(seat.outcome, Outcome::Win, "the bye is kept");
    assert_eq!(seat.category, Category::Bye);
    let conceded = event.rounds[0]
        .match_of(b)
        .and_then(|m| m.result.as_ref())
        .map(|r| r.entry.clone());
    assert!(matches!(
        conceded,
        Some(ResultEntry::Default {
            reason: DefaultReason::DropAfterPairing,
            ..
        })
    ));
    assert_eq!(event.player(bye).expect("player").drop_timing, None);
    // The serde form of the old action has no `timing` and still reads.
    let old: Action = toml::from_str("action = \"drop-player\"\nplayer = 3").expect("old drop");
    assert_eq!(
        old,
        Action::DropPlayer {
            player: PlayerId(3),
            timing: None
        }
    );
}
