//! Applying an action: the one way an event changes. Each action is validated first and
//! refused without a change, so replaying a log rebuilds the event exactly.

use crate::error::EngineError;
use crate::exact::MAX_ROUNDS;
use crate::ruleset::Ruleset;
use tablekeeper_words::msg;

use super::action::Action;
use crate::state::{Event, EventSettings};

impl Event {
    /// Rebuilds an event from its settings, ruleset and action log.
    pub fn replay<'a>(
        settings: EventSettings,
        ruleset: Ruleset,
        actions: impl IntoIterator<Item = &'a Action>,
    ) -> Result<Self, EngineError> {
        let mut event = Event::new(settings, ruleset)?;
        for action in actions {
            event.apply(action)?;
        }
        Ok(event)
    }

    /// Validates and applies `action`; on error the event is unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<(), EngineError> {
        match action {
            Action::RegisterPlayer(details) => self.register(details),
            Action::DropPlayer { player, timing } => self.drop_player(*player, *timing),
            Action::PairRound {
                seed,
                seats,
                tables,
            } => self.pair_round(*seed, seats, tables),
            Action::EnterPairing { seats, tables } => self.pair_round(0, seats, tables),
            Action::EditPlayer {
                player,
                name,
                reading,
                publisher_id,
                nickname,
            } => self.edit_player(*player, name, reading, publisher_id, nickname),
            Action::SetFixedTable { player, table } => {
                if *table == Some(0) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.table-numbers-start-1",
                        "table numbers start at 1"
                    )));
                }
                self.player(*player)?;
                if let Some(found) = self.players.iter_mut().find(|p| p.id == *player) {
                    found.fixed_table = *table;
                }
                Ok(())
            }
            Action::ReissuePlayerCode { player } => {
                self.player(*player)?;
                if let Some(found) = self.players.iter_mut().find(|p| p.id == *player) {
                    found.code_issue = found.code_issue.saturating_add(1);
                }
                Ok(())
            }
            Action::RecordResult {
                round,
                table,
                entry,
                replace,
                player: None,
            } => self.record_result(*round, *table, entry.clone(), *replace),
            Action::RecordResult {
                round,
                entry,
                replace,
                player: Some(player),
                ..
            } => self.record_single_seat(*round, *player, entry.clone(), *replace),
            Action::RecordPenalty {
                player,
                round,
                penalty,
                infraction,
                note,
                member,
                late_minutes,
            } => {
                self.check_member(*player, *member)?;
                let cause = (infraction.as_str(), *late_minutes);
                self.record_penalty(*player, *round, *penalty, cause, note.clone())?;
                if let Some(record) = self.penalties.last_mut() {
                    record.member = *member;
                }
                Ok(())
            }
            Action::SetDeck {
                player,
                deck,
                member,
            } => {
                self.check_member(*player, *member)?;
                let team_size = usize::from(self.settings.team_size);
                if let Some(found) = self.players.iter_mut().find(|p| p.id == *player) {
                    match member {
                        None => found.deck = Some(deck.clone()),
                        Some(seat) => {
                            found.member_decks.resize(team_size, None);
                            if let Some(slot) = found.member_decks.get_mut(usize::from(*seat)) {
                                *slot = Some(deck.clone());
                            }
                        }
                    }
                }
                Ok(())
            }
            Action::OverrideResultLock { round } => {
                if !self.rounds.iter().any(|r| r.number == *round) {
                    return Err(EngineError::UnknownRound(*round));
                }
                if !self.unlocked_rounds.contains(round) {
                    self.unlocked_rounds.push(*round);
                }
                Ok(())
            }
            Action::ReplacePairing {
                round,
                seats,
                tables,
                seed,
            } => self.replace_pairing(*round, seats, tables, *seed),
            Action::StartCut {
                finalists,
                third_place,
                double,
                draw,
                repair_seed,
            } => self.start_cut(finalists, *third_place, *double, draw.clone(), *repair_seed),
            Action::PairBracketRound => self.pair_bracket_round(),
            Action::SetDoor(settings) => self.set_door(settings),
            Action::Enter { details, at } => self.enter(details, *at),
            Action::DecideEntry { entry, accept } => self.decide_entry(*entry, *accept),
            Action::WithdrawEntry { entry, .. } => self.withdraw_entry(*entry),
            Action::DrawLottery { seed } => self.draw_lottery(*seed),
            Action::SetPrizeRules { rules } => self.set_prize_rules(rules),
            Action::DrawRaffle { seed } => self.draw_raffle(*seed),
            Action::SetFirstTable { first } => {
                if !(1..=crate::transitions::MAX_FIRST_TABLE).contains(first) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.first-table",
                        "the first table number is from 1 to {max}",
                        max = crate::transitions::MAX_FIRST_TABLE
                    )));
                }
                self.settings.first_table = *first;
                Ok(())
            }
            Action::CheckDecks { round, count, seed } => self.check_decks(*round, *count, *seed),
            Action::ExtendCheckedTable {
                round,
                table,
                minutes,
            } => self.extend_checked_table(*round, *table, *minutes),
            Action::CheckIn { entry, .. } => self.check_in(*entry),
            Action::RequestDrop { player, at } => self.request_drop(*player, *at),
            Action::DecideDropRequest { player, accept } => {
                self.decide_drop_request(*player, *accept)
            }
            Action::CallJudge { player, reason, at } => self.call_judge(*player, reason, *at),
            Action::ClaimCall { call, at } => self.claim_call(*call, *at),
            Action::ResolveCall { call, at } => self.resolve_call(*call, *at),
            Action::SetPlannedRounds { rounds } => {
                if *rounds > MAX_ROUNDS {
                    return Err(EngineError::TooManyRounds);
                }
                let played =
                    u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
                if *rounds < played {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.rounds-already-paired-planned-rounds",
                        "{played} rounds are already paired; planned rounds cannot be lower",
                        played = played
                    )));
                }
                self.settings.planned_rounds = *rounds;
                Ok(())
            }
        }
    }
}
