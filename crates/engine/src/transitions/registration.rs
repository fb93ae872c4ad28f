//! Registering, correcting and dropping players (decision 11 for late entries, decision 35
//! for drops after pairing).

use crate::error::EngineError;
use crate::model::{
    DefaultReason, DropTiming, Match, Player, PlayerId, PlayerStatus, ResultEntry, Seats, Structure,
};
use crate::rules::scoring::score;
use tablekeeper_words::msg;

use super::action::Action;
use super::action::PlayerDetails;
use super::names::{member_name, name_of};
use crate::model::DetailsChange;
use crate::state::{Event, MAX_NAME_CHARS};
use tablekeeper_words::message::{Message, Param};

/// The name and publisher ID a player is known by (a duplicate has both the same).
type NameKey = (String, Option<String>);

impl Event {
    pub(super) fn register(&mut self, details: &PlayerDetails) -> Result<(), EngineError> {
        if self.settings.structure == Structure::RoundRobin && !self.rounds.is_empty() {
            return Err(EngineError::LateEntryRefused(msg!(
                "error.late-entry-refused.round-robins-schedule-fixed-round",
                "a round robin's schedule is fixed at round 1; late entries cannot join"
            )));
        }
        if self.settings.structure == Structure::SingleElimination && self.cut.is_some() {
            return Err(EngineError::LateEntryRefused(msg!(
                "error.late-entry-refused.single-elimination-event-fixed-once",
                "a single-elimination event is fixed once round 1 is paired; late entries cannot join"
            )));
        }
        let (key, members) = self.check_details(details)?;
        let (name, publisher_id) = key.clone();
        let next =
            u32::try_from(self.players.len() + 1).map_err(|_| EngineError::NotEnoughPlayers)?;
        let id = PlayerId(next);
        let joined_round =
            u32::try_from(self.rounds.len() + 1).map_err(|_| EngineError::TooManyRounds)?;
        let clean = |value: &Option<String>| {
            value
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        self.registered.insert(key);
        self.players.push(Player {
            id,
            details: PlayerDetails {
                name,
                reading: clean(&details.reading),
                publisher_id,
                nickname: clean(&details.nickname),
                members,
            },
            joined_round,
            status: PlayerStatus::Active,
            fixed_table: None,
            disqualified: false,
            deck: None,
            member_decks: Vec::new(),
            drop_timing: None,
            code_issue: 0,
        });
        // Decision 11: each missed round is a late-entry default loss.
        let seats = Seats::Single { player: id };
        let result = score(&self.ruleset, &seats, ResultEntry::LateEntryLoss)?;
        for round in &mut self.rounds {
            round.matches.push(Match {
                table: None,
                seats,
                result: Some(result.clone()),
                first: None,
                chooses: None,
            });
        }
        Ok(())
    }

    /// Checks a player's details as registering them would (name, team members, length,
    /// a duplicate); the key they are known by and the members, trimmed.
    pub(super) fn check_details(
        &self,
        details: &PlayerDetails,
    ) -> Result<(NameKey, Vec<String>), EngineError> {
        let name = details.name.trim();
        if name.is_empty() {
            return Err(EngineError::EmptyName);
        }
        let members: Vec<String> = details
            .members
            .iter()
            .map(|m| m.trim().to_string())
            .collect();
        let team_size = usize::from(self.settings.team_size);
        if members.len() != team_size || members.iter().any(String::is_empty) {
            return Err(EngineError::InvalidTeam(if team_size == 0 {
                msg!(
                    "error.invalid-team.individual-event",
                    "this is an individual event; register players without members"
                )
            } else {
                msg!(
                    "error.invalid-team.member-count",
                    "a team of this event has {team_size} members, in seat order; '{name}' has {given}",
                    team_size = team_size,
                    name = name,
                    given = members.iter().filter(|m| !m.is_empty()).count()
                )
            }));
        }
        let length = name.chars().count();
        if length > MAX_NAME_CHARS {
            return Err(EngineError::NameTooLong(length));
        }
        let publisher_id = details
            .publisher_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let key = (name.to_string(), publisher_id.map(str::to_string));
        if self.registered.contains(&key) {
            return Err(EngineError::DuplicatePlayer(name.to_string()));
        }
        Ok((key, members))
    }

    pub(super) fn edit_player(
        &mut self,
        id: PlayerId,
        change: &DetailsChange,
    ) -> Result<(), EngineError> {
        let current = self.player(id)?.details.clone();
        if change
            .name
            .as_ref()
            .is_some_and(|name| name.trim().is_empty())
        {
            return Err(EngineError::EmptyName);
        }
        let next = change.applied_to(&current);
        let old_key = (current.name, current.publisher_id);
        let new_key = (next.name.clone(), next.publisher_id.clone());
        if new_key != old_key && self.registered.contains(&new_key) {
            return Err(EngineError::DuplicatePlayer(next.name));
        }
        self.registered.remove(&old_key);
        self.registered.insert(new_key);
        if let Some(player) = self.players.iter_mut().find(|p| p.id == id) {
            player.details = next;
        }
        Ok(())
    }

    pub(super) fn drop_player(
        &mut self,
        id: PlayerId,
        timing: Option<DropTiming>,
    ) -> Result<(), EngineError> {
        let player = self.player(id)?;
        if !player.is_active() {
            return Err(EngineError::AlreadyDropped(id));
        }
        let after_round =
            u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        match timing {
            // Event files written before decision 35: dropping after pairing concedes the
            // match in progress, and a bye is kept.
            None => {
                if let Some((round, table, winner)) = self.pending_match(id) {
                    let entry = ResultEntry::Default {
                        winner,
                        reason: DefaultReason::DropAfterPairing,
                    };
                    self.record_result(round, table, entry, false)?;
                }
            }
            Some(DropTiming::AfterPairing) => {
                let conceded = self
                    .current_round()
                    .and_then(|r| r.match_of(id))
                    .is_some_and(|m| {
                        matches!(
                            m.result.as_ref().map(|r| &r.entry),
                            Some(
                                ResultEntry::WithdrawnBye
                                    | ResultEntry::Default {
                                        reason: DefaultReason::DropAfterPairing,
                                        ..
                                    }
                            )
                        )
                    });
                if !conceded {
                    return Err(EngineError::InvalidResult(msg!(
                        "error.invalid-result.player-drops-after-pairing-record",
                        "player {id} drops after pairing: record the loss of their match in the current round first",
                        id = id
                    )));
                }
            }
            Some(DropTiming::AfterResults) => {
                if self.pending_match(id).is_some() {
                    return Err(EngineError::InvalidResult(msg!(
                        "error.invalid-result.player-still-has-match-without",
                        "player {id} still has a match without a result; a drop now is a drop after pairing",
                        id = id
                    )));
                }
            }
        }
        if let Some(player) = self.players.iter_mut().find(|p| p.id == id) {
            player.status = PlayerStatus::Dropped { after_round };
            player.drop_timing = timing;
        }
        self.drop_request_done(id);
        Ok(())
    }

    /// A team member's seat, checked against the event's team size.
    pub(super) fn check_member(
        &self,
        player: PlayerId,
        member: Option<u8>,
    ) -> Result<(), EngineError> {
        self.player(player)?;
        match member {
            Some(seat) if seat >= self.settings.team_size => Err(EngineError::InvalidTeam(msg!(
                "error.invalid-team.team-event-has-members-there",
                "a team of this event has {members} members; there is no member {seat}",
                members = self.settings.team_size,
                seat = u32::from(seat) + 1
            ))),
            _ => Ok(()),
        }
    }
}

impl Event {
    /// Keeps a player at one table every round (accessibility); `None` releases it.
    pub(super) fn set_fixed_table(
        &mut self,
        player: PlayerId,
        table: Option<u32>,
    ) -> Result<(), EngineError> {
        if table == Some(0) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.table-numbers-start-1",
                "table numbers start at 1"
            )));
        }
        self.player(player)?;
        if let Some(found) = self.players.iter_mut().find(|p| p.id == player) {
            found.fixed_table = table;
        }
        Ok(())
    }

    /// Gives a player a new code: the old ticket no longer works.
    pub(super) fn reissue_player_code(&mut self, player: PlayerId) -> Result<(), EngineError> {
        self.player(player)?;
        if let Some(found) = self.players.iter_mut().find(|p| p.id == player) {
            found.code_issue = found.code_issue.saturating_add(1);
        }
        Ok(())
    }

    /// Records a player's (or a team member's) deck.
    pub(super) fn set_deck(
        &mut self,
        player: PlayerId,
        deck: &crate::model::DeckData,
        member: Option<u8>,
    ) -> Result<(), EngineError> {
        self.check_member(player, member)?;
        let team_size = usize::from(self.settings.team_size);
        if let Some(found) = self.players.iter_mut().find(|p| p.id == player) {
            match member {
                None => found.deck = Some(deck.clone()),
                Some(seat) => {
                    found.member_decks.resize(team_size, None);
                    if let Some(slot) = found.member_decks.get_mut(usize::from(seat)) {
                        *slot = Some(deck.clone());
                    }
                }
            }
        }
        Ok(())
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::RegisterPlayer(details) => event.register(details),
        Action::DropPlayer { player, timing } => event.drop_player(*player, *timing),
        Action::EditPlayer { player, change } => event.edit_player(*player, change),
        Action::SetFixedTable { player, table } => event.set_fixed_table(*player, *table),
        Action::ReissuePlayerCode { player } => event.reissue_player_code(*player),
        Action::SetDeck {
            player,
            deck,
            member,
        } => event.set_deck(*player, deck, *member),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(event: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::RegisterPlayer(details) => {
            msg!(
                "history.registered",
                "registered {name}",
                name = &details.name
            )
        }
        Action::DropPlayer { player, timing } => match timing {
            Some(timing) => msg!(
                "history.dropped-when",
                "dropped {name} ({timing})",
                name = name_of(event, *player),
                timing = Param::word(
                    &format!("drop.{}", timing.id()),
                    timing.id().replace('-', " ")
                )
            ),
            None => msg!(
                "history.dropped",
                "dropped {name}",
                name = name_of(event, *player)
            ),
        },
        Action::SetDeck { player, member, .. } => msg!(
            "history.deck",
            "registered the deck of {name}",
            name = member_name(event, *player, *member)
        ),
        Action::EditPlayer { player, .. } => msg!(
            "history.edited-player",
            "corrected the details of {name}",
            name = name_of(event, *player)
        ),
        Action::SetFixedTable { player, table } => match table {
            Some(t) => msg!(
                "history.fixed-table",
                "{name} keeps table {table}",
                name = name_of(event, *player),
                table = *t
            ),
            None => msg!(
                "history.fixed-table-released",
                "{name} no longer keeps a fixed table",
                name = name_of(event, *player)
            ),
        },
        Action::ReissuePlayerCode { player } => msg!(
            "history.reissued-player-code",
            "gave {name} a new player code (the old ticket no longer works)",
            name = name_of(event, *player)
        ),
        _ => return None,
    })
}
