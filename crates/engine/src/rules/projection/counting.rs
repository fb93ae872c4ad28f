//! Counting the players against a line: the most who can finish at it or above and the
//! fewest surely above, by points over independent tables, then by the tiebreakers' bounds
//! where points leave a tie.

use super::table::TableOutcome;
use super::{Counts, Far, Field, Pending, TIE_LIMIT};
use crate::exact::Exact;
use crate::model::PlayerId;
use crate::standings::bounds::{Bounded, Relation};

/// Whether a finish `range` counts against `line`: can reach it (`at_least`, ties count) or
/// its best is above it (`most`), or its least is above it (surely above).
fn counts(range: (Exact, Exact), line: Exact, at_least: bool, most: bool) -> bool {
    let value = if most { range.1 } else { range.0 };
    if at_least {
        value >= line
    } else {
        value > line
    }
}

impl Field<'_> {
    /// One table's most (over its outcomes) and fewest against the line, `skip` not counted.
    pub(super) fn table_counts<'t>(
        outcomes: impl Iterator<Item = &'t TableOutcome>,
        line: Exact,
        at_least: bool,
        skip: Option<usize>,
    ) -> (usize, usize) {
        let mut most = 0usize;
        let mut fewest = usize::MAX;
        for outcome in outcomes {
            let mut up = 0usize;
            let mut sure = 0usize;
            for (seat, finish) in outcome.finish.iter().enumerate() {
                let Some(range) = finish else { continue };
                if skip == Some(seat) {
                    continue;
                }
                up += usize::from(counts(*range, line, at_least, true));
                sure += usize::from(counts(*range, line, at_least, false));
            }
            most = most.max(up);
            fewest = fewest.min(sure);
        }
        (most, if fewest == usize::MAX { 0 } else { fewest })
    }

    /// Counts over every eligible player and every pending table (cached per line).
    pub(super) fn totals(&self, line: Exact, at_least: bool) -> Counts {
        if let Some(found) = self.totals.borrow().get(&(line, at_least)) {
            return found.clone();
        }
        let mut total = Counts::default();
        let mut deciding = Vec::new();
        for (_, points, pending) in &self.players {
            if let Pending::Fixed = pending {
                let range = self.fixed_range(*points);
                total.most += usize::from(counts(range, line, at_least, true));
                total.fewest += usize::from(counts(range, line, at_least, false));
            }
        }
        for table in &self.tables {
            let (most, fewest) = Self::table_counts(table.outcomes.iter(), line, at_least, None);
            if most != fewest {
                deciding.push(table.number);
            }
            total.most += most;
            total.fewest += fewest;
        }
        total.deciding = std::rc::Rc::new(deciding);
        self.totals
            .borrow_mut()
            .insert((line, at_least), total.clone());
        total
    }

    /// The counts against `line` for player `me` (not counted) whose own table went
    /// `my_table`'s outcome (`None`: no pending table).
    pub(super) fn count_against(
        &self,
        me: usize,
        my_table: Option<(usize, usize)>,
        line: Exact,
        at_least: bool,
    ) -> Counts {
        let mut result = self.totals(line, at_least);
        let (player, points, _) = &self.players[me];
        match my_table {
            None => {
                let range = self.fixed_range(*points);
                result.most -= usize::from(counts(range, line, at_least, true));
                result.fewest -= usize::from(counts(range, line, at_least, false));
            }
            Some((index, outcome)) => {
                let table = &self.tables[index];
                let (most, fewest) =
                    Self::table_counts(table.outcomes.iter(), line, at_least, None);
                result.most -= most;
                result.fewest -= fewest;
                let seat = usize::from(table.b == *player);
                let (most, fewest) = Self::table_counts(
                    table.outcomes.get(outcome).into_iter(),
                    line,
                    at_least,
                    Some(seat),
                );
                result.most += most;
                result.fewest += fewest;
                result.except = Some(table.number);
            }
        }
        result
    }

    /// With the last round's tiebreaker bounds, for player `me` whose table went
    /// `my_table`'s outcome: whether fewer than N players can finish at or above them
    /// (`try_in`: asked only when points leave it possible) and whether N surely finish
    /// above (`try_out`), over every outcome of the other tables. Stops as soon as both
    /// are settled; a tie on points too large to look into is left open.
    pub(super) fn with_tiebreakers(
        &self,
        me: usize,
        my_table: Option<(usize, usize)>,
        line: Exact,
        (try_in, try_out): (bool, bool),
    ) -> (bool, bool) {
        let unsettled = (false, false);
        let Some(last) = self.last.as_ref() else {
            return unsettled;
        };
        if self.tied_at.get(&line).copied().unwrap_or(0) > TIE_LIMIT {
            return unsettled;
        }
        let (player, _, _) = &self.players[me];
        let Some(x) = last.of(*player, my_table.map(|(_, outcome)| outcome)) else {
            return unsettled;
        };
        let far = self.far_from(x.primary);
        if far.complete {
            self.against_near(&far, *player, x, my_table, (try_in, try_out))
        } else {
            self.against_everyone(*player, x, my_table, (try_in, try_out))
        }
    }

    /// [`Self::with_tiebreakers`] over every other player, each relation asked.
    fn against_everyone(
        &self,
        player: PlayerId,
        x: &Bounded,
        my_table: Option<(usize, usize)>,
        (try_in, try_out): (bool, bool),
    ) -> (bool, bool) {
        let unsettled = (false, false);
        let Some(last) = self.last.as_ref() else {
            return unsettled;
        };
        let (mut most, mut fewest) = (0usize, 0usize);
        let mut can_be_in = try_in;
        let mut settled = |most: usize, fewest: usize| {
            can_be_in &= most < self.cut;
            fewest >= self.cut || (!can_be_in && !try_out)
        };
        for (other, _, pending) in &self.players {
            if *other == player || !matches!(pending, Pending::Fixed) {
                continue;
            }
            let Some(y) = last.of(*other, None) else {
                return unsettled;
            };
            let relation = last.relation(y, x);
            most += usize::from(relation != Relation::Below);
            fewest += usize::from(relation == Relation::Above);
            if settled(most, fewest) {
                break;
            }
        }
        for index in 0..self.tables.len() {
            if settled(most, fewest) {
                break;
            }
            let Some((table_most, table_fewest)) = self.table_against(index, player, x, my_table)
            else {
                return unsettled;
            };
            most += table_most;
            fewest += table_fewest;
        }
        settled(most, fewest);
        (can_be_in && most < self.cut, try_out && fewest >= self.cut)
    }

    /// [`Self::with_tiebreakers`] with the players on another primary value than `x`'s
    /// counted from `far` (the primary settles their relation), and a relation asked only
    /// of those who can finish on it: the same counts, and the same answer.
    fn against_near(
        &self,
        far: &Far,
        player: PlayerId,
        x: &Bounded,
        my_table: Option<(usize, usize)>,
        (try_in, try_out): (bool, bool),
    ) -> (bool, bool) {
        let unsettled = (false, false);
        let Some(last) = self.last.as_ref() else {
            return unsettled;
        };
        let mut most = far.above_fixed + far.most;
        let mut fewest = far.above_fixed + far.fewest;
        for other in &far.near_fixed {
            let (other, _, _) = &self.players[*other];
            if *other == player {
                continue;
            }
            let Some(y) = last.of(*other, None) else {
                return unsettled;
            };
            let relation = last.relation(y, x);
            most += usize::from(relation != Relation::Below);
            fewest += usize::from(relation == Relation::Above);
        }
        for index in &far.near_tables {
            let Some((table_most, table_fewest)) = self.table_against(*index, player, x, my_table)
            else {
                return unsettled;
            };
            most += table_most;
            fewest += table_fewest;
        }
        (try_in && most < self.cut, try_out && fewest >= self.cut)
    }

    /// Table `index`'s most players at or above `x` over its outcomes (my own table only in
    /// my outcome; me not counted) and its fewest surely above; `None` when a finish is
    /// not known.
    fn table_against(
        &self,
        index: usize,
        player: PlayerId,
        x: &Bounded,
        my_table: Option<(usize, usize)>,
    ) -> Option<(usize, usize)> {
        let last = self.last.as_ref()?;
        let table = &self.tables[index];
        let (mut most, mut fewest) = (0usize, usize::MAX);
        for (outcome, possible) in table.outcomes.iter().enumerate() {
            if my_table.is_some_and(|(mine, o)| mine == index && o != outcome) {
                continue;
            }
            let (mut up, mut sure) = (0usize, 0usize);
            for (seat, id) in [table.a, table.b].into_iter().enumerate() {
                if id == player || possible.finish[seat].is_none() {
                    continue;
                }
                let relation = last.relation(last.of(id, Some(outcome))?, x);
                up += usize::from(relation != Relation::Below);
                sure += usize::from(relation == Relation::Above);
            }
            most = most.max(up);
            fewest = fewest.min(sure);
        }
        Some((most, if fewest == usize::MAX { 0 } else { fewest }))
    }
}
