//! Whose a phone's code is: an entry's code (given when it entered) or a player's own code
//! (their ticket, or one a reissue retired), compared with every one of the event's in time
//! that does not depend on which matched; and which open event handed a code out.

use std::path::{Path, PathBuf};

use tablekeeper_engine::model::PlayerId;
use tablekeeper_words::{ErrorKind, msg};

use crate::desk::base::Desk;
use crate::desk::event_list::same_file;
use crate::error::CommandError;
use crate::room::Room;
use crate::room::codes;

/// Who a code belongs to.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Holder {
    Entry(u32),
    Player(PlayerId),
}

impl Desk {
    /// Whose code this is: an entry's or a player's (compared with every one).
    pub(crate) fn holder(&mut self, typed: &str) -> Result<Holder, CommandError> {
        self.session()?;
        self.code_owner(typed)
            .unwrap_or_else(|| Err(wrong_player_code()))
    }

    /// The one open event `typed` is a code of (a player's, or an entry's, even one that a
    /// reissued ticket retired); `None` when none is, or more than one (neither is guessed).
    pub fn event_of_code(&mut self, typed: &str) -> Option<PathBuf> {
        match self.events_of_code(typed).as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        }
    }

    /// The event a phone's step with code `typed` goes to, given the event it was sent for
    /// (`chosen`: the one the page follows, else the shared one): that event when it handed
    /// the code out, else the one other open event that did, else `chosen` (where a code no
    /// event knows counts as a wrong guess). So every step of a player's phone works for
    /// whichever event they are in, whatever event the page shows.
    pub fn event_for_code(&mut self, chosen: Option<&Path>, typed: &str) -> Option<PathBuf> {
        let owners = self.events_of_code(typed);
        if let Some(chosen) = chosen
            && owners.iter().any(|owner| same_file(owner, chosen))
        {
            return Some(chosen.to_path_buf());
        }
        match owners.as_slice() {
            [one] => Some(one.clone()),
            _ => chosen.map(Path::to_path_buf),
        }
    }

    /// Every open event `typed` is a code of, found in the shop's index of their codes.
    fn events_of_code(&mut self, typed: &str) -> Vec<PathBuf> {
        let secret = self.room_secret();
        let open = self
            .events
            .all()
            .map(|open| &open.session)
            .map(|session| (session.path(), session.revision(), session.event()));
        self.shop.code_index.owners(&secret, open, typed)
    }

    /// Who `typed` belongs to in this event: `None` when it is none of its codes.
    fn code_owner(&mut self, typed: &str) -> Option<Result<Holder, CommandError>> {
        let secret = self.room_secret();
        let session = self.session().ok()?;
        let event = session.event();
        let typed = codes::normalize(typed);
        let mut found = None;
        for player in &event.players {
            if let Some(own) = Room::player_code(&secret, session, player.id.0)
                && codes::same_code(&typed, &own)
            {
                found = Some(Ok(Holder::Player(player.id)));
            }
            // A ticket a reissue replaced: said so, rather than "not a code of this event".
            for issue in 0..player.code_issue {
                let old =
                    codes::player_code(&secret, event.settings.standings_seed, player.id.0, issue);
                if codes::same_code(&typed, &old) {
                    found = Some(Err(replaced_code()));
                }
            }
        }
        for entry in &event.door.entries {
            let own = codes::entry_code(&secret, event.settings.standings_seed, entry.number);
            if codes::same_code(&typed, &own) {
                // A reissued ticket retires every code that led to the old one: the entry's
                // code a phone kept from the entry page opens nothing once its player was
                // given a new ticket (a lost or stolen phone).
                let reissued = entry
                    .player
                    .and_then(|p| event.player(p).ok())
                    .is_some_and(|p| p.code_issue > 0);
                found = Some(if reissued {
                    Err(replaced_code())
                } else {
                    Ok(Holder::Entry(entry.number))
                });
            }
        }
        found
    }
}

pub(crate) fn wrong_player_code() -> CommandError {
    CommandError::input(
        ErrorKind::WrongCode,
        msg!(
            "error.wrong-code.player",
            "that is not a player code of this event; scan your player ticket again, or ask the scorekeeper for a new one"
        ),
    )
}

fn replaced_code() -> CommandError {
    CommandError::input(
        ErrorKind::WrongCode,
        msg!(
            "error.wrong-code.replaced",
            "this code was replaced by a new player ticket; scan the new ticket, or ask the scorekeeper"
        ),
    )
}
