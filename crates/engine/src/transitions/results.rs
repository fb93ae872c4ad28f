//! Recording and correcting results, checked against the round, the structure and the
//! ruleset before anything changes.

use crate::error::EngineError;
use crate::model::{MatchResult, PenaltyType, PlayerId, ResultEntry, Seats, Side};
use crate::rules::scoring::score;
use crate::top_cut::bracket::Cut;
use tablekeeper_words::msg;

use super::action::Action;
use super::names::name_of;
use crate::state::Event;
use tablekeeper_words::message::{Message, Param};

impl Event {
    pub(super) fn record_result(
        &mut self,
        round: u32,
        table: u32,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<(), EngineError> {
        let result = self.scored_result(round, table, entry, replace)?;
        let index = usize::try_from(round).ok().and_then(|r| r.checked_sub(1));
        let target = match index.and_then(|i| self.rounds.get_mut(i)) {
            Some(found) => found,
            None => self
                .cut
                .as_mut()
                .and_then(|c| c.round_mut(round))
                .ok_or(EngineError::UnknownRound(round))?,
        };
        let found = target
            .matches
            .iter_mut()
            .find(|m| m.table == Some(table))
            .ok_or(EngineError::UnknownTable { round, table })?;
        found.result = Some(result);
        Ok(())
    }

    /// Whether `entry` could be recorded as the (first) result at `table` of `round` now:
    /// every check recording makes (the round, the table, the structure, the lock, team
    /// seats, game scores), with nothing changed and nothing copied. For a report from a
    /// phone, checked before it is kept.
    pub fn check_result(
        &self,
        round: u32,
        table: u32,
        entry: ResultEntry,
    ) -> Result<(), EngineError> {
        self.scored_result(round, table, entry, false).map(|_| ())
    }

    /// The result `entry` gives at `table` of `round`, after every check, without recording it.
    fn scored_result(
        &self,
        round: u32,
        table: u32,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<MatchResult, EngineError> {
        let in_bracket = self.is_bracket_round(round);
        let decisive = in_bracket && self.ruleset.top_cut.decisive_team_matches;
        if in_bracket {
            check_bracket_entry(&entry, decisive)?;
            if self
                .cut
                .as_ref()
                .and_then(Cut::current)
                .map(|r| r.round.number)
                != Some(round)
            {
                return Err(EngineError::InvalidCut(msg!(
                    "error.invalid-cut.round-bracket-over-next-round",
                    "round {round} of the bracket is over and the next round is paired from its winners; undo back to it to change a result",
                    round = round
                )));
            }
        }
        if let Some(lock) = self.ruleset.pairing.result_lock_rounds
            && !in_bracket
        {
            let paired = u32::try_from(self.rounds.len()).unwrap_or(u32::MAX);
            if paired >= round.saturating_add(lock) && !self.unlocked_rounds.contains(&round) {
                return Err(EngineError::ResultLocked {
                    round,
                    since: round + lock,
                });
            }
        }
        let ruleset = &self.ruleset;
        let index = usize::try_from(round).ok().and_then(|r| r.checked_sub(1));
        let target = match index.and_then(|i| self.rounds.get(i)) {
            Some(found) => found,
            None => self
                .cut
                .as_ref()
                .and_then(|c| c.round(round))
                .ok_or(EngineError::UnknownRound(round))?,
        };
        let found = target
            .matches
            .iter()
            .find(|m| m.table == Some(table))
            .ok_or(EngineError::UnknownTable { round, table })?;
        if found.result.is_some() && !replace {
            return Err(EngineError::ResultExists { round, table });
        }
        // Game losses given by penalty in a multi-game match count as games the opponent won
        // (002 §7.2, 004 VIIII); the scorekeeper enters the games actually played.
        let (extra_a, extra_b) = match found.seats {
            Seats::Pair { a, b } if ruleset.points.games_to_win > 1 => {
                let game_losses = |player: PlayerId| {
                    let n = self
                        .penalties
                        .iter()
                        .filter(|p| {
                            p.round == round
                                && p.player == player
                                && p.penalty == PenaltyType::GameLoss
                        })
                        .count();
                    u8::try_from(n).unwrap_or(u8::MAX)
                };
                (game_losses(b), game_losses(a))
            }
            _ => (0, 0),
        };
        check_team_entry(self.settings.team_size, &entry)?;
        refuse_penalty_games_twice(&entry, extra_a, extra_b, ruleset.points.games_to_win, round)?;
        let entry = with_awarded_games(entry, extra_a, extra_b, ruleset.points.games_to_win);
        if decisive {
            crate::rules::scoring::score_in_elimination(ruleset, &found.seats, entry)
        } else {
            score(ruleset, &found.seats, entry)
        }
    }

    /// Records the result of `player`'s single-seat record in `round` (a Swiss round): the
    /// bye, or the bye withdrawn by a drop after pairing (decision 35).
    pub(super) fn record_single_seat(
        &mut self,
        round: u32,
        player: PlayerId,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<(), EngineError> {
        self.player(player)?;
        if !matches!(entry, ResultEntry::Bye | ResultEntry::WithdrawnBye) {
            return Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.players-own-record-takes-only",
                "a player's own record takes only a bye or a withdrawn bye; enter other results by table"
            )));
        }
        let index = usize::try_from(round)
            .ok()
            .and_then(|r| r.checked_sub(1))
            .ok_or(EngineError::UnknownRound(round))?;
        let ruleset = &self.ruleset;
        let target = self
            .rounds
            .get_mut(index)
            .ok_or(EngineError::UnknownRound(round))?;
        let found = target
            .matches
            .iter_mut()
            .find(|m| {
                m.seats == Seats::Single { player }
                    && !matches!(
                        m.result.as_ref().map(|r| &r.entry),
                        Some(ResultEntry::LateEntryLoss)
                    )
            })
            .ok_or_else(|| {
                EngineError::InvalidResult(msg!(
                    "error.invalid-result.player-has-bye-round",
                    "player {player} has no bye in round {round}",
                    player = player,
                    round = round
                ))
            })?;
        if found.result.is_some() && !replace {
            return Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.player-s-bye-round-already",
                "player {player}'s bye in round {round} already has a result; replace it",
                player = player,
                round = round
            )));
        }
        found.result = Some(score(ruleset, &found.seats, entry)?);
        Ok(())
    }
}

/// Team events take each seat's result; individual events never do (decision 9).
pub(super) fn check_team_entry(team_size: u8, entry: &ResultEntry) -> Result<(), EngineError> {
    match (team_size, entry) {
        (0, ResultEntry::Team { .. }) => Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.individual-event-enter-match-result",
            "this is an individual event; enter the match result without team seats"
        ))),
        (size, ResultEntry::Team { seats }) if seats.len() != usize::from(size) => {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.team-match-here-has-seats",
                "a team match here has {size} seats; enter one result per seat, e.g. team:{example}",
                size = size,
                example = vec!["a"; usize::from(size)].join(",")
            )))
        }
        (size, ResultEntry::Win { .. } | ResultEntry::Draw { .. } | ResultEntry::DoubleWin)
            if size > 0 =>
        {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.team-match-decided-seats-enter",
                "a team match is decided by its seats; enter each seat's result, e.g. team:{example}",
                example = vec!["a"; usize::from(size)].join(",")
            )))
        }
        _ => Ok(()),
    }
}

/// A bracket match needs a winner, or both players losing by the time-up procedure; with
/// `decisive_teams`, so does every seat of a team match (decision 33).
pub(super) fn check_bracket_entry(
    entry: &ResultEntry,
    decisive_teams: bool,
) -> Result<(), EngineError> {
    match entry {
        ResultEntry::Draw { .. } | ResultEntry::DoubleWin => Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.top-cut-match-cannot-end",
            "a top-cut match cannot end in a draw; enter the winner (or dl if the time-up procedure makes both players lose)"
        ))),
        ResultEntry::Win { games: Some(g), .. } if g.a == g.b => {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.top-cut-match-needs-winner",
                "a top-cut match needs a winner; a tied game score is not a result"
            )))
        }
        // Decision 33: every seat of a team match in elimination needs a winner.
        ResultEntry::Team { seats }
            if decisive_teams && seats.contains(&crate::model::TeamSeat::Draw) =>
        {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.seat-top-cut-team-match",
                "a seat of a top-cut team match cannot end in a draw (decision 33); enter each seat's winner (or dl where the time-up procedure makes both lose), e.g. team:a,b,a"
            )))
        }
        _ => Ok(()),
    }
}

/// A game score that already holds the penalty games: the games played at the table plus
/// the games a game loss awarded (decision 20; 004 VIIII, 002 §7.2) would give both players
/// the match (`2-1` entered after a game loss makes `2-2`). Refused with what to enter,
/// rather than recorded as something the table did not play.
pub(super) fn refuse_penalty_games_twice(
    entry: &ResultEntry,
    extra_a: u8,
    extra_b: u8,
    games_to_win: u8,
    round: u32,
) -> Result<(), EngineError> {
    let games = match entry {
        ResultEntry::Win { games: Some(g), .. } | ResultEntry::Draw { games: Some(g), .. } => g,
        _ => return Ok(()),
    };
    let a = games.a.saturating_add(extra_a);
    let b = games.b.saturating_add(extra_b);
    if (extra_a > 0 || extra_b > 0) && a >= games_to_win && b >= games_to_win {
        return Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.penalty-games-counted",
            "a game loss given in round {round} already counts as a game won at this table, so {entered} would make {combined}: enter only the games played at the table (without the penalty game)",
            round = round,
            entered = format!("{}-{}", games.a, games.b),
            combined = format!("{a}-{b}")
        )));
    }
    Ok(())
}

/// Adds games awarded by penalty to a game score and derives the match result again.
pub(super) fn with_awarded_games(
    entry: ResultEntry,
    extra_a: u8,
    extra_b: u8,
    games_to_win: u8,
) -> ResultEntry {
    if extra_a == 0 && extra_b == 0 {
        return entry;
    }
    let (games, reason, graded) = match &entry {
        ResultEntry::Win {
            games: Some(g),
            reason,
            ..
        } => (*g, reason.clone(), None),
        ResultEntry::Draw {
            games: Some(g),
            graded_reason,
            ..
        } => (*g, None, graded_reason.clone()),
        _ => return entry,
    };
    let combined = crate::model::GameScore {
        a: games.a.saturating_add(extra_a).min(games_to_win),
        b: games.b.saturating_add(extra_b).min(games_to_win),
        draws: games.draws,
    };
    match combined.a.cmp(&combined.b) {
        std::cmp::Ordering::Greater => ResultEntry::Win {
            winner: Side::A,
            games: Some(combined),
            reason,
        },
        std::cmp::Ordering::Less => ResultEntry::Win {
            winner: Side::B,
            games: Some(combined),
            reason,
        },
        std::cmp::Ordering::Equal => ResultEntry::Draw {
            reason: crate::model::DrawReason::Time,
            games: Some(combined),
            graded_reason: graded,
        },
    }
}

impl Event {
    /// Opens a round's results for corrections after later rounds were paired.
    pub(super) fn override_result_lock(&mut self, round: u32) -> Result<(), EngineError> {
        if !self.rounds.iter().any(|r| r.number == round) {
            return Err(EngineError::UnknownRound(round));
        }
        if !self.unlocked_rounds.contains(&round) {
            self.unlocked_rounds.push(round);
        }
        Ok(())
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::RecordResult {
            round,
            table,
            entry,
            replace,
            player: None,
        } => event.record_result(*round, *table, entry.clone(), *replace),
        Action::RecordResult {
            round,
            entry,
            replace,
            player: Some(player),
            ..
        } => event.record_single_seat(*round, *player, entry.clone(), *replace),
        Action::OverrideResultLock { round } => event.override_result_lock(*round),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(event: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::RecordResult {
            round,
            entry,
            player: Some(player),
            ..
        } => msg!(
            "history.recorded-for-player",
            "recorded {result} for {name} in round {round}",
            result = Param::message(&entry.summary()),
            name = name_of(event, *player),
            round = *round
        ),
        Action::RecordResult {
            round,
            table,
            entry,
            replace,
            player: None,
        } => {
            if *replace {
                msg!(
                    "history.corrected",
                    "corrected the result of round {round} table {table} ({result})",
                    round = *round,
                    table = *table,
                    result = Param::message(&entry.summary())
                )
            } else {
                msg!(
                    "history.entered",
                    "entered the result of round {round} table {table} ({result})",
                    round = *round,
                    table = *table,
                    result = Param::message(&entry.summary())
                )
            }
        }
        Action::OverrideResultLock { round } => msg!(
            "history.unlocked",
            "opened round {round} for corrections",
            round = *round
        ),
        _ => return None,
    })
}
