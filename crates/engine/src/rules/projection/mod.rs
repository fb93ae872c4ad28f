//! "What do I need?": for a planned cut of N and the Swiss rounds left, which
//! players are in the top N whatever happens (**locked**), in if they win or draw, out
//! whatever happens, or depend on other tables or on tiebreakers.
//!
//! The answer bounds points exactly and treats a tie on points as undecided, so **locked**
//! and **out** are never wrong: a player is locked when, in the outcome worst for them, even
//! every player who could reach their points (ties included) leaves them inside the top N;
//! out when, in the outcome best for them, at least N players are sure to finish with more
//! points. Tables are independent, so the most (or fewest) players another table can put
//! past a line is that table's own maximum (minimum) over its outcomes, and the sums are
//! exact. Whatever the tiebreakers decide is **depends** ("tiebreakers"), as is a final random
//! order. The outcomes a table can have are those the ruleset scores for a played match:
//! either seat's win (plain, by default, or each graded reason), a draw, a double loss; a
//! double win (Bushiroad PG §3.3.3, exceptional) is left out (docs/decisions.md 54).
//!
//! Top N is the cut's own rule (`top_cut::ranking::select_by_ranking`): the first N players
//! in the standings who have not dropped.

mod counting;
mod enumeration;
mod far;
mod outcomes;
mod table;

use enumeration::Place;
use outcomes::{outcomes, points_so_far};
use table::{Own, Table, TableOutcome};

use crate::error::EngineError;
use crate::exact::Exact;
use crate::model::{PlayerId, Seats, Structure};
use crate::standings::bounds::{LastRound, PendingTable};
use crate::state::Event;
use tablekeeper_words::msg;

// Beyond this many outcomes of the last round the bounds alone answer: the oracle test
// measures those events apart.
pub use enumeration::SCENARIO_LIMIT;

/// Where a player stands against the cut line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Projection {
    /// In the top N whatever happens at every table.
    Locked,
    /// In whatever else happens, if they win.
    InWithWin,
    /// In whatever else happens, if their match is a draw (so also with a win).
    InWithDraw,
    /// It depends on other tables (named when there are a few) or, with `tiebreakers`, on
    /// the tiebreakers (or a random order): `tiebreakers` holds when, in some outcome of
    /// any table (the player's own included), fewer than N finish above on points while N
    /// or more can finish level or above, so always where some outcome leaves the player's
    /// place to the draw at the line.
    Depends { tables: Vec<u32>, tiebreakers: bool },
    /// Two or more rounds left: the points still allow it.
    CanStillMakeIt,
    /// No outcome puts them in the top N.
    Out,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerProjection {
    pub player: PlayerId,
    /// Points from the results entered so far.
    pub points: Exact,
    pub projection: Projection,
}

/// The projection for a cut of `cut`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CutLine {
    pub cut: u32,
    /// Swiss rounds still to be played, the one in progress included.
    pub rounds_left: u32,
    /// Whether the next round to be played is paired (its tables are known).
    pub paired: bool,
    /// Every player who has not dropped, in player-number order.
    pub players: Vec<PlayerProjection>,
}

/// Players who can tie on points at most for the tiebreakers to be looked into (beyond,
/// "depends on tiebreakers": each comparison costs, and so many ties rarely settle).
const TIE_LIMIT: usize = 96;

/// Tables named in a **depends** at most (beyond, the answer is just "depends").
const NAMED_TABLES: usize = 3;

/// What the round in progress can still change for one player.
#[derive(Debug, Clone)]
enum Pending {
    /// Nothing: a result is in, a bye, not in the round.
    Fixed,
    /// At this table, seat A or B, with the table's possible (A, B) gains.
    Table { index: usize },
}

/// One of a player's possible finishes ([`Field::finish`]).
#[derive(Debug, Clone, Copy)]
struct Finish {
    table: Option<(usize, usize)>,
    least: Exact,
    own: Own,
    surely_in: bool,
    surely_out: bool,
}

/// Counts against a line (ties counted or not, as asked): the most players who can finish at it or above (`most`), the
/// fewest who surely finish above it (`fewest`), and the tables whose outcome moves them.
#[derive(Debug, Clone, Default)]
struct Counts {
    most: usize,
    fewest: usize,
    /// Shared with the cached totals (a projection asks thousands of counts, and reads the
    /// tables only once per player), less `except`.
    deciding: std::rc::Rc<Vec<u32>>,
    /// A table not to name: the player's own.
    except: Option<u32>,
}

impl Counts {
    /// The tables whose outcome moves the count.
    fn deciding(&self) -> Vec<u32> {
        self.deciding
            .iter()
            .copied()
            .filter(|t| Some(*t) != self.except)
            .collect()
    }
}

/// For one primary value (`far.rs`): the players and tables whose relation to a finish on it the
/// primary settles, as counts, and the others to ask one by one.
#[derive(Debug, Default)]
struct Far {
    /// Players with nothing pending whose primary is above it.
    above_fixed: usize,
    /// Players with nothing pending on it (by index): asked.
    near_fixed: Vec<usize>,
    /// Tables where some seat can finish on it (by index): asked.
    near_tables: Vec<usize>,
    /// Over the other tables: the most players above it (each table's most over its
    /// outcomes) and the fewest.
    most: usize,
    fewest: usize,
    /// Every finish read was found; otherwise the counts are asked one by one, as before.
    complete: bool,
}

/// Everything the bounds read, built once per event.
struct Field<'e> {
    cut: usize,
    /// Eligible players: (player, points so far, pending).
    players: Vec<(PlayerId, Exact, Pending)>,
    tables: Vec<Table>,
    /// Swiss rounds after the one in progress (each any outcome for anyone).
    later_rounds: u32,
    /// The least and most one later round can give a player.
    later_gain: (Exact, Exact),
    /// Counts over the whole field, per (line, ties count): most lines repeat.
    totals: std::cell::RefCell<std::collections::BTreeMap<(Exact, bool), Counts>>,
    /// With one round left and paired: each player's tiebreakers bounded per outcome of
    /// their table, for the ties on points (`None`: points alone decide).
    last: Option<LastRound>,
    /// With one round left and paired, and few outcomes: what held for each player over
    /// every outcome (computed when first needed; `None` inside: too many outcomes).
    enumerated: std::cell::OnceCell<Option<Vec<enumeration::Tally>>>,
    /// Whether to try every outcome where there are few (off only to measure the bounds).
    enumerate: bool,
    event: &'e Event,
    /// With the last round's bounds: how many eligible players can finish on each number of
    /// points.
    tied_at: std::collections::HashMap<Exact, usize>,
    /// The players a tie on each primary value never reaches, counted once per value.
    far: std::cell::RefCell<std::collections::HashMap<Exact, std::rc::Rc<Far>>>,
}

/// The projection of every player who has not dropped, for a cut of `cut`.
pub fn project(event: &Event, cut: u32) -> Result<CutLine, EngineError> {
    project_with(event, cut, true)
}

/// The projection from the bounds alone, never trying the last round's outcomes one by
/// one: what the oracle test measures the bounds' precision with.
pub fn project_by_bounds(event: &Event, cut: u32) -> Result<CutLine, EngineError> {
    project_with(event, cut, false)
}

fn project_with(event: &Event, cut: u32, enumerate: bool) -> Result<CutLine, EngineError> {
    if event.settings.structure != Structure::Swiss || event.cut.is_some() {
        return Err(EngineError::InvalidCut(msg!(
            "error.invalid-cut.projection-swiss-only",
            "a cut-line projection is for the Swiss rounds before a top cut"
        )));
    }
    if event.settings.planned_rounds == 0 {
        return Err(EngineError::InvalidCut(msg!(
            "error.invalid-cut.projection-needs-rounds",
            "set the number of Swiss rounds first: the projection counts the rounds left"
        )));
    }
    if cut == 0 {
        return Err(EngineError::InvalidCut(msg!(
            "error.invalid-cut.projection-needs-cut",
            "choose the size of the cut to project (for example --cut 8)"
        )));
    }
    let field = Field::of(event, cut, enumerate)?;
    let paired = !field.tables.is_empty() || event.rounds.last().is_some_and(|r| !r.is_complete());
    let rounds_left =
        field.later_rounds + u32::from(event.rounds.last().is_some_and(|r| !r.is_complete()));
    if rounds_left == 0 {
        return final_line(event, cut);
    }
    let players = (0..field.players.len())
        .map(|index| {
            let (player, points, _) = &field.players[index];
            PlayerProjection {
                player: *player,
                points: *points,
                projection: field.projection_of(index),
            }
        })
        .collect::<Vec<_>>();
    Ok(CutLine {
        cut,
        rounds_left,
        paired,
        players,
    })
}

/// With no round left the standings decide: the tie group at the line is a random draw.
fn final_line(event: &Event, cut: u32) -> Result<CutLine, EngineError> {
    let standings = crate::standings::compute(event)?;
    let players = enumeration::places(&standings, cut as usize)
        .into_iter()
        .map(|(row, place)| {
            let projection = match place {
                Place::In => Projection::Locked,
                Place::Out => Projection::Out,
                Place::Drawn => Projection::Depends {
                    tables: Vec::new(),
                    tiebreakers: true,
                },
            };
            PlayerProjection {
                player: row.player,
                points: row.points,
                projection,
            }
        })
        .collect::<Vec<_>>();
    let mut players = players;
    players.sort_by_key(|p| p.player);
    Ok(CutLine {
        cut,
        rounds_left: 0,
        paired: false,
        players,
    })
}

impl<'e> Field<'e> {
    fn of(event: &'e Event, cut: u32, enumerate: bool) -> Result<Field<'e>, EngineError> {
        let so_far = points_so_far(event);
        let played = u32::try_from(event.rounds.len()).unwrap_or(u32::MAX);
        let later_rounds = event.settings.planned_rounds.saturating_sub(played);
        // Any player can meet any outcome (or the bye) in a round not paired yet.
        let sample = Seats::Pair {
            a: PlayerId(1),
            b: PlayerId(2),
        };
        let mut gains: Vec<Exact> = outcomes(event, &sample)
            .iter()
            .flat_map(|o| o.gains)
            .collect();
        gains.push(if event.ruleset.standings.primary_wins {
            Exact::integer(1)
        } else {
            event.ruleset.points.bye
        });
        let later_gain = (
            gains.iter().copied().min().unwrap_or(Exact::ZERO),
            gains.iter().copied().max().unwrap_or(Exact::ZERO),
        );
        let later = |points: Exact| {
            let mut range = (points, points);
            for _ in 0..later_rounds {
                range.0 = range.0.checked_add(later_gain.0).unwrap_or(range.0);
                range.1 = range.1.checked_add(later_gain.1).unwrap_or(range.1);
            }
            range
        };
        let eligible = |player: PlayerId| event.player(player).is_ok_and(|p| p.is_active());
        let points_of = |player: PlayerId| {
            so_far
                .get((player.0 as usize).saturating_sub(1))
                .copied()
                .unwrap_or(Exact::ZERO)
        };
        let in_progress = event.rounds.last().filter(|r| !r.is_complete());
        let mut tables: Vec<Table> = Vec::new();
        let mut pending: Vec<PendingTable> = Vec::new();
        let mut at_table: std::collections::HashMap<PlayerId, usize> = Default::default();
        if let Some(round) = in_progress {
            for found in round.matches.iter().filter(|m| m.result.is_none()) {
                if let (Seats::Pair { a, b }, Some(number)) = (found.seats, found.table) {
                    at_table.insert(a, tables.len());
                    at_table.insert(b, tables.len());
                    let finish = |player: PlayerId, gain: Exact| {
                        eligible(player).then(|| {
                            later(points_of(player).checked_add(gain).unwrap_or(Exact::ZERO))
                        })
                    };
                    let possible = outcomes(event, &found.seats);
                    pending.push(PendingTable {
                        a,
                        b,
                        outcomes: possible.iter().map(|o| o.seats).collect(),
                    });
                    tables.push(Table {
                        number,
                        a,
                        b,
                        outcomes: possible
                            .into_iter()
                            .map(|o| TableOutcome {
                                seats: o.seats,
                                own: o.own,
                                finish: [finish(a, o.gains[0]), finish(b, o.gains[1])],
                            })
                            .collect(),
                    });
                }
            }
        }
        let players: Vec<(PlayerId, Exact, Pending)> = event
            .players
            .iter()
            .filter(|p| p.is_active())
            .map(|p| {
                let pending = match at_table.get(&p.id) {
                    Some(index) => Pending::Table { index: *index },
                    None => Pending::Fixed,
                };
                (p.id, points_of(p.id), pending)
            })
            .collect();
        // Ties on points are looked into only for the last round, paired: before it,
        // opponents are unknown.
        let last = if later_rounds == 0 && in_progress.is_some() {
            LastRound::compute(event, &pending)?
        } else {
            None
        };
        let mut tied_at: std::collections::HashMap<Exact, usize> = Default::default();
        if last.is_some() {
            for (_, points, pending) in &players {
                let mut reachable: Vec<Exact> = match pending {
                    Pending::Fixed => vec![*points],
                    Pending::Table { index } => tables[*index]
                        .outcomes
                        .iter()
                        .flat_map(|o| o.finish)
                        .flatten()
                        .map(|range| range.0)
                        .collect(),
                };
                reachable.sort();
                reachable.dedup();
                for value in reachable {
                    *tied_at.entry(value).or_default() += 1;
                }
            }
        }
        Ok(Field {
            cut: cut as usize,
            players,
            tables,
            later_rounds,
            later_gain,
            totals: Default::default(),
            last,
            enumerated: Default::default(),
            enumerate,
            event,
            tied_at,
            far: Default::default(),
        })
    }

    /// The least and most a player with no pending table finishes with.
    fn fixed_range(&self, points: Exact) -> (Exact, Exact) {
        let mut range = (points, points);
        for _ in 0..self.later_rounds {
            range.0 = range.0.checked_add(self.later_gain.0).unwrap_or(range.0);
            range.1 = range.1.checked_add(self.later_gain.1).unwrap_or(range.1);
        }
        range
    }

    /// One of my possible finishes: the outcome of my table (`None`: none pending), the
    /// least and most I finish with, how my match went, and whether it surely puts me in
    /// (everyone who can reach it still leaves me a place: my whole tie group fits) or out
    /// (enough players surely above it). Where points leave it open, the tiebreakers'
    /// bounds may still settle it (the last round only).
    fn finish(
        &self,
        me: usize,
        table: Option<(usize, usize)>,
        (least, most): (Exact, Exact),
        own: Own,
    ) -> Finish {
        let mut finish = Finish {
            table,
            least,
            own,
            surely_in: self.count_against(me, table, least, true).most < self.cut,
            surely_out: self.count_against(me, table, most, false).fewest >= self.cut,
        };
        if !finish.surely_in && !finish.surely_out && least == most {
            // Only the tie on points is open: in is possible when fewer than N can finish
            // above on points, out when N surely finish level or above.
            let try_in = self.count_against(me, table, least, false).most < self.cut;
            let try_out = self.count_against(me, table, least, true).fewest >= self.cut;
            if try_in || try_out {
                (finish.surely_in, finish.surely_out) =
                    self.with_tiebreakers(me, table, least, (try_in, try_out));
            }
        }
        finish
    }

    fn projection_of(&self, index: usize) -> Projection {
        let answer = self.by_bounds(index);
        if matches!(answer, Projection::Locked | Projection::Out) || !self.enumerate {
            return answer;
        }
        let Some(tallies) = self.enumerated() else {
            return answer;
        };
        let (player, _, _) = &self.players[index];
        let Some(tally) = tallies.get((player.0 as usize).saturating_sub(1)) else {
            return answer;
        };
        if tally.always_in {
            Projection::Locked
        } else if tally.always_out {
            Projection::Out
        } else if tally.in_when_drew == Some(true) && tally.in_when_won != Some(false) {
            Projection::InWithDraw
        } else if tally.in_when_won == Some(true) {
            Projection::InWithWin
        } else {
            // Depends, with what the bounds say it depends on; an outcome tried that leaves
            // my place to the draw at the line says "tiebreakers" whatever the bounds said.
            match answer {
                Projection::Depends {
                    tables,
                    tiebreakers,
                } => Projection::Depends {
                    tables,
                    tiebreakers: tiebreakers || tally.drawn,
                },
                other => other,
            }
        }
    }

    /// Every outcome of the last round tried, once, where there are few.
    fn enumerated(&self) -> Option<&Vec<enumeration::Tally>> {
        self.enumerated
            .get_or_init(|| {
                self.last.as_ref()?;
                enumeration::tally(self.event, &self.tables, self.cut)
                    .ok()
                    .flatten()
            })
            .as_ref()
    }

    fn by_bounds(&self, index: usize) -> Projection {
        let (me, points, pending) = &self.players[index];
        let mine: Vec<Finish> = match pending {
            Pending::Fixed => vec![self.finish(index, None, self.fixed_range(*points), Own::Other)],
            Pending::Table { index: table } => {
                let seat = usize::from(self.tables[*table].b == *me);
                self.tables[*table]
                    .outcomes
                    .iter()
                    .enumerate()
                    .filter_map(|(outcome, o)| {
                        let range = o.finish[seat]?;
                        Some(self.finish(index, Some((*table, outcome)), range, o.own[seat]))
                    })
                    .collect()
            }
        };
        let surely_in = |finish: &&Finish| finish.surely_in;
        if !mine.is_empty() && mine.iter().all(|f| f.surely_out) {
            return Projection::Out;
        }
        let all_in = !mine.is_empty() && mine.iter().all(|f| f.surely_in);
        if self.later_rounds > 0 {
            return if all_in {
                Projection::Locked
            } else {
                Projection::CanStillMakeIt
            };
        }
        if all_in {
            return Projection::Locked;
        }
        let wins: Vec<&Finish> = mine.iter().filter(|m| m.own == Own::Win).collect();
        let draws: Vec<&Finish> = mine.iter().filter(|m| m.own == Own::Draw).collect();
        if !draws.is_empty() && draws.iter().all(surely_in) && wins.iter().all(surely_in) {
            return Projection::InWithDraw;
        }
        if !wins.is_empty() && wins.iter().all(surely_in) {
            return Projection::InWithWin;
        }
        // Depends: on the tables that can move the line for my best finish, and on ties.
        let (best_table, best) = mine
            .iter()
            .max_by_key(|m| m.least)
            .map_or((None, *points), |m| (m.table, m.least));
        let with_ties = self.count_against(index, best_table, best, true);
        // The tiebreakers (or a random order) may decide when, in some outcome, fewer than N
        // finish above on points while N or more can finish level or above. Every finish of
        // my own table is asked, not only the best: with graded results a lesser win (7 points
        // where the best is 10), a draw or a loss can leave me level at the line while my best
        // finish is clear of it. A place a random draw decides is such a tie (those above me
        // in the draw's outcome are above or level on points, and my tie group reaches past
        // the line), so the flag is never false where some outcome draws lots for my place.
        let at_the_line = |table: Option<(usize, usize)>, line: Exact| {
            self.count_against(index, table, line, true).most >= self.cut
                && self.count_against(index, table, line, false).fewest < self.cut
        };
        let tiebreakers = if mine.is_empty() {
            at_the_line(best_table, best)
        } else {
            mine.iter().any(|m| at_the_line(m.table, m.least))
        };
        let mut tables = with_ties.deciding();
        if tables.len() > NAMED_TABLES {
            tables.clear();
        }
        Projection::Depends {
            tables,
            tiebreakers,
        }
    }
}
