//! Undo, redo and going back to a round: every step of the append-only log, in words for
//! the scorekeeper (`HistoryItem`), and the entries that take steps back or bring them back.

use crate::error::CommandError;
use crate::history::{Step, Timeline};
use tablekeeper_engine::model::{PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::{Action, Event};
use tablekeeper_store::{Entry, LoggedAction};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::msg;

use super::open::{Session, now};

/// One step of the history, as shown to the scorekeeper.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct HistoryItem {
    #[ts(type = "number")]
    pub step: i64,
    pub recorded_at: String,
    /// What the step did, one message per action.
    pub description: Vec<Message>,
    pub reason: Option<String>,
    /// Taken back by undo (or by going back to an earlier round).
    pub undone: bool,
}

/// A plain description of an action for the history.
pub(super) fn describe(event: &Event, action: &Action) -> Message {
    let name = |id: PlayerId| {
        event
            .player(id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|_| format!("#{id}"))
    };
    match action {
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
                name = name(*player),
                timing = Param::word(
                    &format!("drop.{}", timing.id()),
                    timing.id().replace('-', " ")
                )
            ),
            None => msg!("history.dropped", "dropped {name}", name = name(*player)),
        },
        Action::PairRound { seats, .. } => msg!(
            "history.paired",
            "paired a round ({tables} tables)",
            tables = seats
                .iter()
                .filter(|s| matches!(s, Seats::Pair { .. }))
                .count()
        ),
        Action::RecordResult {
            round,
            entry,
            player: Some(player),
            ..
        } => msg!(
            "history.recorded-for-player",
            "recorded {result} for {name} in round {round}",
            result = Param::message(&entry_summary(entry)),
            name = name(*player),
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
                    result = Param::message(&entry_summary(entry))
                )
            } else {
                msg!(
                    "history.entered",
                    "entered the result of round {round} table {table} ({result})",
                    round = *round,
                    table = *table,
                    result = Param::message(&entry_summary(entry))
                )
            }
        }
        Action::SetPlannedRounds { rounds } => msg!(
            "history.planned-rounds",
            "set the planned rounds to {rounds}",
            rounds = *rounds
        ),
        Action::OverrideResultLock { round } => msg!(
            "history.unlocked",
            "opened round {round} for corrections",
            round = *round
        ),
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
                Param::message(&crate::views::infraction_message(infraction, *late_minutes))
        ),
        Action::SetDeck { player, member, .. } => msg!(
            "history.deck",
            "registered the deck of {name}",
            name = member_name(event, *player, *member)
        ),
        Action::ReplacePairing { round, seed, .. } => {
            if seed.is_some() {
                msg!(
                    "history.repaired",
                    "re-paired round {round}",
                    round = *round
                )
            } else {
                msg!(
                    "history.pairing-changed",
                    "changed the pairing of round {round}",
                    round = *round
                )
            }
        }
        Action::StartCut { finalists, .. } => msg!(
            "history.cut",
            "started a top {size}",
            size = finalists.len()
        ),
        Action::PairBracketRound => msg!("history.bracket-round", "paired a top-cut round"),
        Action::EnterPairing { seats, .. } => msg!(
            "history.entered-pairing",
            "entered a round's pairings as given ({tables} tables)",
            tables = seats
                .iter()
                .filter(|s| matches!(s, Seats::Pair { .. }))
                .count()
        ),
        Action::EditPlayer { player, .. } => msg!(
            "history.edited-player",
            "corrected the details of {name}",
            name = name(*player)
        ),
        Action::SetFixedTable { player, table } => match table {
            Some(t) => msg!(
                "history.fixed-table",
                "{name} keeps table {table}",
                name = name(*player),
                table = *t
            ),
            None => msg!(
                "history.fixed-table-released",
                "{name} no longer keeps a fixed table",
                name = name(*player)
            ),
        },
        Action::ReissuePlayerCode { player } => msg!(
            "history.reissued-player-code",
            "gave {name} a new player code (the old ticket no longer works)",
            name = name(*player)
        ),
        Action::SetDoor(_) => msg!("history.door", "changed how the event takes entries"),
        Action::Enter { details, .. } => msg!(
            "history.entered",
            "{name} entered on the entry page",
            name = details.name.trim()
        ),
        Action::DecideEntry { entry, accept } => {
            let who = entry_name(event, *entry);
            if *accept {
                msg!(
                    "history.entry-accepted",
                    "accepted the entry of {name}",
                    name = who
                )
            } else {
                msg!(
                    "history.entry-refused",
                    "refused the entry of {name}",
                    name = who
                )
            }
        }
        Action::WithdrawEntry { entry, .. } => msg!(
            "history.entry-withdrawn",
            "{name} withdrew their entry",
            name = entry_name(event, *entry)
        ),
        Action::DrawLottery { seed } => msg!(
            "history.lottery",
            "drew the entry lottery (seed {seed})",
            seed = seed.to_string()
        ),
        Action::SetPrizeRules { rules } if rules.trim().is_empty() => {
            msg!("history.prize-rules-removed", "removed the prize rules")
        }
        Action::SetPrizeRules { .. } => msg!("history.prize-rules", "set the prize rules"),
        Action::DrawRaffle { seed } => msg!(
            "history.raffle",
            "drew the door-prize raffle (seed {seed})",
            seed = seed.to_string()
        ),
        Action::SetFirstTable { first } => msg!(
            "history.first-table",
            "numbered the tables from {first}",
            first = first
        ),
        Action::CheckDecks { round, count, seed } => msg!(
            "history.deck-check",
            "picked {count} tables of round {round} for a deck check (seed {seed})",
            count = count,
            round = round,
            seed = seed.to_string()
        ),
        Action::ExtendCheckedTable {
            round,
            table,
            minutes,
        } => msg!(
            "history.deck-check-extension",
            "gave table {table} of round {round} {minutes} extra minutes for its deck check",
            table = table,
            round = round,
            minutes = minutes
        ),
        Action::CheckIn { entry, .. } => msg!(
            "history.checked-in",
            "{name} checked in",
            name = entry_name(event, *entry)
        ),
        Action::RequestDrop { player, .. } => msg!(
            "history.drop-requested",
            "{name} asked to drop after this round",
            name = name(*player)
        ),
        Action::DecideDropRequest { player, accept } => {
            if *accept {
                msg!(
                    "history.drop-request-confirmed",
                    "confirmed the drop request of {name}",
                    name = name(*player)
                )
            } else {
                msg!(
                    "history.drop-request-declined",
                    "declined the drop request of {name}",
                    name = name(*player)
                )
            }
        }
        Action::CallJudge { player, .. } => msg!(
            "history.judge-called",
            "{name} called a judge",
            name = name(*player)
        ),
        Action::ClaimCall { call, .. } => msg!(
            "history.call-claimed",
            "a judge took call {call}",
            call = *call
        ),
        Action::ResolveCall { call, .. } => msg!(
            "history.call-resolved",
            "judge call {call} was dealt with",
            call = *call
        ),
    }
}

/// The name on entry `number`, or "entry N".
fn entry_name(event: &Event, number: u32) -> String {
    event.door.entry(number).map_or_else(
        || format!("#{number}"),
        |e| e.details.name.trim().to_string(),
    )
}

/// "Sato (Team A, seat 2)" for a team member, else the player's name.
pub(super) fn member_name(event: &Event, player: PlayerId, member: Option<u8>) -> String {
    let Ok(found) = event.player(player) else {
        return format!("#{player}");
    };
    match member.and_then(|seat| found.members.get(usize::from(seat)).map(|m| (seat, m))) {
        Some((seat, name)) => format!("{name} ({} {})", found.name, u32::from(seat) + 1),
        None => found.name.clone(),
    }
}

/// A result in words: "A wins 2-1", "draw", …
pub(crate) fn entry_summary(entry: &ResultEntry) -> Message {
    let side = |side: &Side| match side {
        Side::A => Param::word("side.a", "A"),
        Side::B => Param::word("side.b", "B"),
    };
    match entry {
        ResultEntry::Win {
            winner,
            games: Some(g),
            ..
        } => msg!(
            "result.win-games",
            "{side} wins {a}-{b}",
            side = side(winner),
            a = g.a,
            b = g.b
        ),
        ResultEntry::Win { winner, .. } => msg!("result.win", "{side} wins", side = side(winner)),
        ResultEntry::Draw { .. } => msg!("result.draw", "draw"),
        ResultEntry::DoubleLoss => msg!("result.double-loss", "double loss"),
        ResultEntry::DoubleWin => msg!("result.double-win", "double win"),
        ResultEntry::Default { winner, .. } => msg!(
            "result.default",
            "{side} wins by default",
            side = side(winner)
        ),
        ResultEntry::Penalty { loser, .. } => msg!(
            "result.penalty",
            "{side} loses by penalty",
            side = side(loser)
        ),
        ResultEntry::Bye => msg!("result.bye", "bye"),
        ResultEntry::LateEntryLoss => msg!("result.late-entry", "late entry"),
        ResultEntry::WithdrawnBye => msg!(
            "result.withdrawn-bye",
            "the bye withdrawn (dropped after pairing)"
        ),
        ResultEntry::Team { seats } => msg!(
            "result.team",
            "team seats {seats}",
            seats = crate::views::results::team_seats(seats)
        ),
    }
}

impl Session {
    /// Takes back the last step still in effect.
    pub fn undo(&mut self) -> Result<HistoryItem, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        // The scorekeeper's own last step: what players did from their phones (entries,
        // check-ins, drop requests, judge calls) is not theirs to take back (docs/door.md).
        let position = timeline
            .applied
            .iter()
            .rposition(|s| s.actions().any(|a| !a.is_from_the_room()));
        let last = position
            .and_then(|p| timeline.applied.get(p))
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::NothingToUndo,
                    msg!(
                        "error.nothing-to-undo.there-nothing-undo",
                        "there is nothing to undo"
                    ),
                )
            })?;
        let step = last.step;
        let item = self.describe_step(last, true);
        let remaining: Vec<&Action> = timeline
            .applied
            .iter()
            .filter(|s| s.step != step)
            .flat_map(|s| s.actions())
            .collect();
        let next = self.replay(remaining)?;
        self.append(vec![Entry::Undo { step }], None)?;
        self.event = next;
        self.snapshot_when_due();
        Ok(item)
    }

    /// Applies again the step undone last (until a new change is made).
    pub fn redo(&mut self) -> Result<HistoryItem, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let next_step = timeline.redoable.last().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NothingToRedo,
                msg!(
                    "error.nothing-to-redo.there-nothing-redo",
                    "there is nothing to redo"
                ),
            )
        })?;
        let step = next_step.step;
        let item = self.describe_step(next_step, false);
        let mut actions: Vec<&Action> = timeline.effective_actions();
        actions.extend(next_step.actions());
        let next = self.replay(actions)?;
        self.append(vec![Entry::Redo { step }], None)?;
        self.event = next;
        self.snapshot_when_due();
        Ok(item)
    }

    /// Every step of the log, oldest first, marked when it is no longer in effect.
    pub fn history(&self) -> Result<Vec<HistoryItem>, CommandError> {
        let log = self.log.entries(&self.file)?;
        let timeline = Timeline::new(log);
        let mut items: Vec<HistoryItem> = Vec::new();
        for step in &timeline.applied {
            items.push(self.describe_step(step, false));
        }
        for step in &timeline.redoable {
            items.push(self.describe_step(step, true));
        }
        let mut undo_entries: Vec<HistoryItem> = log
            .iter()
            .filter_map(|l| match l.entry {
                Entry::Undo { step } => {
                    Some((l, msg!("history.undo", "undo of step {step}", step = step)))
                }
                Entry::Redo { step } => {
                    Some((l, msg!("history.redo", "redo of step {step}", step = step)))
                }
                Entry::Action { .. } => None,
            })
            .map(|(l, description)| HistoryItem {
                step: l.step,
                recorded_at: l.recorded_at.clone(),
                description: vec![description],
                reason: typed_reason(l.reason.as_deref()),
                undone: false,
            })
            .collect();
        items.append(&mut undo_entries);
        let discarded: Vec<&LoggedAction> = log
            .iter()
            .filter(|l| timeline.discarded.contains(&l.step))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for l in discarded {
            if seen.insert(l.step)
                && let Some(step) = self.step_of(l.step)
            {
                items.push(self.describe_step(&step, true));
            }
        }
        items.sort_by_key(|i| i.step);
        Ok(items)
    }

    /// The step the last command stored, as the history shows it (from that step's rows
    /// alone: no parse of the whole log).
    pub fn newest_step(&self) -> Option<HistoryItem> {
        let entries = self.log.newest_step()?;
        let step = Step {
            step: entries.first()?.step,
            entries: entries.iter().collect(),
        };
        Some(self.describe_step(&step, false))
    }

    pub(super) fn step_of(&self, step: i64) -> Option<Step<'_>> {
        let entries: Vec<&LoggedAction> = self
            .log
            .entries(&self.file)
            .ok()?
            .iter()
            .filter(|l| l.step == step)
            .collect();
        (!entries.is_empty()).then_some(Step { step, entries })
    }

    pub(super) fn describe_step(&self, step: &Step, undone: bool) -> HistoryItem {
        let first = step.entries.first();
        let description = step
            .actions()
            .map(|a| describe(&self.event, a))
            .collect::<Vec<_>>();
        HistoryItem {
            step: step.step,
            recorded_at: first.map(|e| e.recorded_at.clone()).unwrap_or_default(),
            description,
            reason: typed_reason(first.and_then(|e| e.reason.as_deref())),
            undone,
        }
    }

    /// The steps that going back to before round `round` was paired would undo, newest
    /// first. With `confirm`, they are undone (one undo entry each, in one transaction).
    pub fn back_to_round(
        &mut self,
        round: u32,
        confirm: bool,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let mut paired = 0;
        let start = timeline
            .applied
            .iter()
            .position(|s| {
                paired += s
                    .actions()
                    .filter(|a| matches!(a, Action::PairRound { .. } | Action::EnterPairing { .. }))
                    .count();
                paired >= round as usize
            })
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.round-has-been-paired",
                        "round {round} has not been paired",
                        round = round
                    ),
                )
            })?;
        let discarded: Vec<HistoryItem> = timeline.applied[start..]
            .iter()
            .rev()
            .map(|s| self.describe_step(s, confirm))
            .collect();
        if confirm {
            let remaining: Vec<&Action> = timeline.applied[..start]
                .iter()
                .flat_map(|s| s.actions())
                .collect();
            let next = self.replay(remaining)?;
            let entries: Vec<Entry> = timeline.applied[start..]
                .iter()
                .rev()
                .map(|s| Entry::Undo { step: s.step })
                .collect();
            self.append_undos(entries)?;
            self.event = next;
            self.snapshot_when_due();
        }
        Ok(discarded)
    }

    /// Several undo entries written in one transaction; each keeps its own step.
    pub(super) fn append_undos(&mut self, entries: Vec<Entry>) -> Result<(), CommandError> {
        let rows = self.file.append_steps(&entries, &now())?;
        self.written(rows);
        Ok(())
    }
}

/// A step's reason as the scorekeeper typed it. Older versions also stored the English
/// "tardiness (N min)" of a late arrival as the reason; the description says it now.
fn typed_reason(reason: Option<&str>) -> Option<String> {
    reason
        .filter(|r| tablekeeper_engine::model::legacy_late_minutes(r).is_none())
        .map(str::to_string)
}
