//! Registration on an open event: adding, importing, finding, correcting and dropping
//! players and teams, fixed tables, decks and players' codes.

use crate::error::CommandError;
use crate::views::PlayerView;
use tablekeeper_engine::model::{DeckData, DetailsChange, PlayerId};
use tablekeeper_engine::{Action, PlayerDetails};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::msg;

use super::open::Session;

impl Session {
    pub fn players(&self) -> Vec<PlayerView> {
        self.event
            .players
            .iter()
            .map(PlayerView::from_player)
            .collect()
    }

    /// Registers players in one transaction: all of them, or none.
    pub fn add_players(
        &mut self,
        players: Vec<PlayerDetails>,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let count = players.len();
        let actions = players
            .iter()
            .map(|details| crate::names::player_details(details).map(Action::RegisterPlayer))
            .collect::<Result<Vec<_>, _>>()?;
        self.commit(actions, None)?;
        let start = self.event.players.len() - count;
        let added = &self.event.players[start..];
        let notices: Vec<_> = added
            .iter()
            .filter_map(|p| crate::names::unprintable_notice(&p.details.name))
            .collect();
        let views = added.iter().map(PlayerView::from_player).collect();
        self.notices.extend(notices);
        Ok(views)
    }

    /// Keeps a player at one table every round (accessibility), or releases the table.
    pub fn set_fixed_table(
        &mut self,
        reference: &str,
        table: Option<u32>,
    ) -> Result<PlayerView, CommandError> {
        let player = self.find_player(reference)?;
        self.commit(vec![Action::SetFixedTable { player, table }], None)?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    /// Gives a player a new personal code; the one before stops working at once.
    pub fn reissue_player_code(&mut self, reference: &str) -> Result<PlayerId, CommandError> {
        let player = self.find_player(reference)?;
        self.commit(vec![Action::ReissuePlayerCode { player }], None)?;
        Ok(player)
    }

    /// Records (or replaces) a player's deck registration data.
    pub fn set_deck(
        &mut self,
        reference: &str,
        deck: DeckData,
    ) -> Result<PlayerView, CommandError> {
        // In team events each member registers a deck (named by member name or TEAM.SEAT).
        let (player, member) = self.find_person(reference)?;
        self.commit(
            vec![Action::SetDeck {
                player,
                deck,
                member,
            }],
            None,
        )?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    /// What importing this CSV file would do, with every problem (nothing is imported).
    pub fn import_preview(
        &self,
        bytes: &[u8],
    ) -> Result<crate::formats::csv_import::ImportPreview, CommandError> {
        let registered: Vec<(String, Option<String>)> = self
            .event
            .players
            .iter()
            .map(|p| (p.details.name.clone(), p.details.publisher_id.clone()))
            .collect();
        crate::formats::csv_import::preview(bytes, &registered)
    }

    /// Imports a CSV file of players in one step, only if it has no problem.
    pub fn import_players(&mut self, bytes: &[u8]) -> Result<Vec<PlayerView>, CommandError> {
        let players = crate::formats::csv_import::players_from(self.import_preview(bytes)?)?;
        self.add_players(players)
    }

    /// Finds a player (or team) by number or by exact (case-insensitive) name; in team
    /// events a member's name or `TEAM.SEAT` (`3.2`) finds their team (decision 9: a
    /// member's drop or disqualification is the team's).
    pub fn find_player(&self, reference: &str) -> Result<PlayerId, CommandError> {
        self.find_person(reference).map(|(player, _)| player)
    }

    /// A person the scorekeeper names: a player or team by number or exact name, or in team
    /// events a member by exact name or as `TEAM.SEAT` (seat from 1): the player or team,
    /// and the member's seat (from 0) when a member was named.
    pub fn find_person(&self, reference: &str) -> Result<(PlayerId, Option<u8>), CommandError> {
        let reference = reference.trim();
        let team_size = self.event.settings.team_size;
        if let Ok(number) = reference.parse::<u32>() {
            let id = PlayerId(number);
            self.event.player(id)?;
            return Ok((id, None));
        }
        if team_size > 0
            && let Some((team, seat)) = reference.split_once('.')
            && let (Ok(team), Ok(seat)) = (team.trim().parse::<u32>(), seat.trim().parse::<u8>())
        {
            let id = PlayerId(team);
            self.event.player(id)?;
            if seat == 0 || seat > team_size {
                return Err(CommandError::input(
                    ErrorKind::UnknownPlayer,
                    msg!(
                        "error.unknown-player.team-has-members-1-name",
                        "team {team} has members 1 to {team_size}; name a member as TEAM.SEAT, e.g. {team}.1",
                        team = team,
                        team_size = team_size
                    ),
                ));
            }
            return Ok((id, Some(seat - 1)));
        }
        let wanted = reference.to_lowercase();
        let mut found: Vec<(PlayerId, Option<u8>)> = Vec::new();
        for player in &self.event.players {
            if player.details.name.to_lowercase() == wanted {
                found.push((player.id, None));
            }
            for (seat, member) in player.details.members.iter().enumerate() {
                if member.to_lowercase() == wanted {
                    found.push((player.id, u8::try_from(seat).ok()));
                }
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] if team_size > 0 => Err(CommandError::input(
                ErrorKind::UnknownPlayer,
                msg!(
                    "error.unknown-player.team-team-member-named-use",
                    "no team or team member named '{reference}'; use the team's number from the player list (a member as TEAM.SEAT, e.g. 3.2)",
                    reference = reference
                ),
            )),
            [] => Err(CommandError::input(
                ErrorKind::UnknownPlayer,
                msg!(
                    "error.unknown-player.player-named-use-players-number",
                    "no player named '{reference}'; use the player's number from the player list",
                    reference = reference
                ),
            )),
            _ if team_size > 0 => Err(CommandError::input(
                ErrorKind::AmbiguousPlayer,
                msg!(
                    "error.ambiguous-player.several-teams-members-named-use",
                    "several teams or members are named '{reference}'; use the team's number, or TEAM.SEAT for a member (e.g. 3.2)",
                    reference = reference
                ),
            )),
            _ => Err(CommandError::input(
                ErrorKind::AmbiguousPlayer,
                msg!(
                    "error.ambiguous-player.several-players-named-use-players",
                    "several players are named '{reference}'; use the player's number",
                    reference = reference
                ),
            )),
        }
    }

    /// Drops a player (a team member's name drops the team, decision 9). A drop entered
    /// after the round is paired and before the player's result loses that round's match,
    /// logged as its own result, and a bye of a round still in play is withdrawn (RULESETS.md
    /// decision 35; 000 §4.5, 001 本文 第4部 第5章); otherwise the drop takes effect from
    /// the next round.
    pub fn drop_player(&mut self, reference: &str) -> Result<PlayerView, CommandError> {
        let player = self.find_player(reference)?;
        let actions = tablekeeper_engine::rules::drops::drop_actions(&self.event, player);
        self.commit(actions, None)?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    /// Corrects a player's (or team's) details: name, reading, player ID, nickname
    /// (`None` keeps a field; an empty text clears an optional one).
    pub fn edit_player(
        &mut self,
        reference: &str,
        changes: DetailsChange,
    ) -> Result<PlayerView, CommandError> {
        let player = self.find_player(reference)?;
        if changes.is_empty() {
            // An empty step in the history helps nobody.
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.edit-nothing",
                    "nothing to change: give a new name, reading, player ID or nickname"
                ),
            ));
        }
        // Only what the correction gives is checked (with the name the player keeps): a
        // detail stored by an earlier version never blocks correcting another one.
        let name = self.event.player(player)?.details.name.clone();
        let checked = crate::names::player_details(&changes.applied_to(&PlayerDetails {
            name,
            ..PlayerDetails::default()
        }))?;
        let clear_or = |given: &Option<String>, checked: Option<String>| {
            given.as_ref().map(|_| checked.unwrap_or_default())
        };
        self.commit(
            vec![Action::EditPlayer {
                player,
                change: DetailsChange {
                    name: changes.name.as_ref().map(|_| checked.name.clone()),
                    reading: clear_or(&changes.reading, checked.reading),
                    publisher_id: clear_or(&changes.publisher_id, checked.publisher_id),
                    nickname: clear_or(&changes.nickname, checked.nickname),
                },
            }],
            None,
        )?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }
}
