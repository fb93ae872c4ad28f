//! Choosing the finalists by ranking.
//!
//! Selection by ranking (000 §3.2.4.1, 001 第3部 第2章 第4節 第1項, digest E1): the top
//! `size` advance; an excluded player (declined, absent, organizer's decision) is skipped
//! and the next one moves up; players tied on the cut line are drawn at random (seeded).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::model::PlayerId;
use crate::standings::Standings;

use super::bracket::CutDraw;

/// The finalists in seed order and the draw on the cut line, if one was needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Seed 1 first.
    pub finalists: Vec<PlayerId>,
    /// Players tied on the cut line, when a random draw decided among them.
    pub drawn_among: Vec<PlayerId>,
    /// The draw itself (the same players, the seed and how many advanced).
    pub draw: Option<CutDraw>,
}

/// Selects `size` finalists by ranking. `excluded` players are skipped. Players tied on
/// every tiebreaker of the chain at the last place are drawn with `seed` when not all of
/// them fit (E1, 003 §6d): the cut's seed decides every cut-line draw, also under rulesets
/// whose chain ends in a random order (their standings order the tied players by the
/// event's standings seed for display only; docs/decisions.md 32).
pub fn select_by_ranking(
    standings: &Standings,
    size: usize,
    excluded: &[PlayerId],
    seed: u64,
) -> Selection {
    let eligible: Vec<(u32, PlayerId)> = standings
        .rows
        .iter()
        .filter(|row| !excluded.contains(&row.player) && !row.dropped)
        .map(|row| (row.tied_rank, row.player))
        .collect();
    if eligible.len() <= size || size == 0 {
        return Selection {
            finalists: eligible.into_iter().take(size).map(|(_, p)| p).collect(),
            drawn_among: Vec::new(),
            draw: None,
        };
    }
    let line_rank = eligible[size - 1].0;
    let mut finalists: Vec<PlayerId> = eligible
        .iter()
        .filter(|(rank, _)| *rank < line_rank)
        .map(|(_, p)| *p)
        .collect();
    let mut tied: Vec<PlayerId> = eligible
        .iter()
        .filter(|(rank, _)| *rank == line_rank)
        .map(|(_, p)| *p)
        .collect();
    let places = size - finalists.len();
    let (drawn_among, draw) = if tied.len() > places {
        let draw = CutDraw {
            seed,
            among: tied.clone(),
            places: u32::try_from(places).unwrap_or(u32::MAX),
        };
        tied.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        (draw.among.clone(), Some(draw))
    } else {
        (Vec::new(), None)
    };
    finalists.extend(tied.into_iter().take(places));
    Selection {
        finalists,
        drawn_among,
        draw,
    }
}
