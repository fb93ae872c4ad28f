//! Recording a penalty and applying its effect on results (000 PG, 002 §7.2, 004 VIIII).

use crate::error::EngineError;
use crate::model::{
    PenaltyKind, PenaltyRecord, PenaltyType, PlayerId, PlayerStatus, ResultEntry, Seats, Side,
};
use crate::rules::scoring::score;
use tablekeeper_words::msg;

use super::action::Action;
use super::names::member_name;
use super::results::{refuse_penalty_games_twice, with_awarded_games};
use crate::state::Event;
use tablekeeper_words::message::{Message, Param};

impl Event {
    pub(super) fn record_penalty(
        &mut self,
        player: PlayerId,
        round: u32,
        penalty: PenaltyType,
        (infraction, late_minutes): (&str, Option<u32>),
        note: Option<String>,
    ) -> Result<(), EngineError> {
        self.player(player)?;
        if !self.ruleset.penalties.kinds.contains(&penalty) {
            let used: Vec<&str> = self
                .ruleset
                .penalties
                .kinds
                .iter()
                .map(|p| p.id())
                .collect();
            return Err(EngineError::InvalidPenalty(msg!(
                "error.invalid-penalty.ruleset-has-penalty-uses",
                "this ruleset has no '{penalty}' penalty; it uses {used}",
                penalty = penalty.id(),
                used = used.join(", ")
            )));
        }
        // A tardiness penalty names its cause by its minutes; any other names the infraction.
        if infraction.trim().is_empty() && late_minutes.is_none() {
            return Err(EngineError::InvalidPenalty(msg!(
                "error.invalid-penalty.name-infraction-e-g-tardiness",
                "name the infraction (e.g. \"tardiness\")"
            )));
        }
        let rounds = u32::try_from(self.rounds.len()).unwrap_or(u32::MAX);
        if (round == 0 && rounds > 0) || (round > 0 && self.round(round).is_none()) {
            return Err(EngineError::UnknownRound(round));
        }
        let loses_match = match penalty {
            PenaltyType::MatchLoss | PenaltyType::Disqualification => true,
            PenaltyType::GameLoss => self.ruleset.points.games_to_win == 1,
            _ => false,
        };
        if loses_match && round > 0 {
            let kind = if penalty == PenaltyType::Disqualification {
                PenaltyKind::Disqualification
            } else {
                PenaltyKind::MatchLoss
            };
            let found = self
                .round(round)
                .into_iter()
                .flat_map(|r| &r.matches)
                .find_map(|m| match m.seats {
                    Seats::Pair { a, .. } if a == player => m.table.map(|t| (t, Side::A)),
                    Seats::Pair { b, .. } if b == player => m.table.map(|t| (t, Side::B)),
                    _ => None,
                });
            if let Some((table, loser)) = found {
                let seats = self
                    .round(round)
                    .and_then(|r| r.match_at_table(table))
                    .map(|m| m.seats);
                if let Some(seats) = seats {
                    let result = score(
                        &self.ruleset,
                        &seats,
                        ResultEntry::Penalty {
                            loser,
                            penalty: kind,
                        },
                    )?;
                    if let Some(m) = self
                        .round_mut(round)
                        .and_then(|r| r.matches.iter_mut().find(|m| m.table == Some(table)))
                    {
                        m.result = Some(result);
                    }
                }
            }
        }
        if penalty == PenaltyType::GameLoss && !loses_match && round > 0 {
            let games_to_win = self.ruleset.points.games_to_win;
            let entered = self
                .round(round)
                .into_iter()
                .flat_map(|r| &r.matches)
                .find_map(|m| match (m.seats, &m.result) {
                    (Seats::Pair { a, .. }, Some(result)) if a == player => {
                        Some((m.table, m.seats, result.entry.clone(), Side::B))
                    }
                    (Seats::Pair { b, .. }, Some(result)) if b == player => {
                        Some((m.table, m.seats, result.entry.clone(), Side::A))
                    }
                    _ => None,
                });
            if let Some((table, seats, entry, gains)) = entered {
                let (extra_a, extra_b) = if gains == Side::A { (1, 0) } else { (0, 1) };
                refuse_penalty_games_twice(&entry, extra_a, extra_b, games_to_win, round)?;
                let rescored = score(
                    &self.ruleset,
                    &seats,
                    with_awarded_games(entry, extra_a, extra_b, games_to_win),
                )?;
                if let Some(m) = self
                    .round_mut(round)
                    .and_then(|r| r.matches.iter_mut().find(|m| m.table == table))
                {
                    m.result = Some(rescored);
                }
            }
        }
        if penalty == PenaltyType::Disqualification {
            let after_round = rounds;
            if let Some(found) = self.players.iter_mut().find(|p| p.id == player) {
                found.disqualified = true;
                if found.is_active() {
                    found.status = PlayerStatus::Dropped { after_round };
                }
            }
        }
        self.penalties.push(PenaltyRecord {
            player,
            round,
            penalty,
            infraction: infraction.trim().to_string(),
            note,
            member: None,
            late_minutes,
        });
        Ok(())
    }
}

impl Event {
    /// A penalty for a player or a team's member (recorded with the member's seat; its
    /// effect is the team's).
    pub(super) fn record_member_penalty(
        &mut self,
        (player, member): (PlayerId, Option<u8>),
        round: u32,
        penalty: PenaltyType,
        cause: (&str, Option<u32>),
        note: Option<String>,
    ) -> Result<(), EngineError> {
        self.check_member(player, member)?;
        self.record_penalty(player, round, penalty, cause, note)?;
        if let Some(record) = self.penalties.last_mut() {
            record.member = member;
        }
        Ok(())
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::RecordPenalty {
            player,
            round,
            penalty,
            infraction,
            note,
            member,
            late_minutes,
        } => event.record_member_penalty(
            (*player, *member),
            *round,
            *penalty,
            (infraction.as_str(), *late_minutes),
            note.clone(),
        ),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(event: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::RecordPenalty {
            player,
            round,
            penalty,
            infraction,
            member,
            late_minutes,
            ..
        } => msg!(
            "history.penalty",
            "{penalty} for {name} in round {round}: {infraction}",
            penalty = Param::word(
                &format!("penalty.{}", penalty.id()),
                penalty.id().replace('-', " ")
            ),
            name = member_name(event, *player, *member),
            round = *round,
            infraction =
                Param::message(&crate::model::infraction_message(infraction, *late_minutes))
        ),
        _ => return None,
    })
}
