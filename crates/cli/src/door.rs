//! `door` and `judge`: the door's steps at the desk as the surface's typed requests
//! (docs/door.md), and their text.

use std::fmt::Write;

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::door::{
    DecideDropRequest, DecideEntryRequest, DrawRequest, EntryRequest,
};
use tablekeeper_commands::desk::judge_calls::{CallRequest, DeskCallRequest};
use tablekeeper_commands::views::door::{DoorView, JudgeCallsView};
use tablekeeper_engine::model::{DoorSettings, DropRequestState, EntryMode, EntryState};
use tablekeeper_words::{ErrorKind, msg};

use crate::args::{DoorStep, JudgeStep};
use crate::host::Host;
use crate::output::Output;
use crate::render::say;

pub fn door(
    host: &mut Host,
    file: &std::path::Path,
    step: Option<DoorStep>,
) -> Result<Output, CommandError> {
    let desk = host.open(file)?;
    let view = match step {
        None => desk.door_view(())?,
        Some(DoorStep::Set {
            open,
            closed,
            mode,
            seats,
            waiting_limit,
            closes_at,
            check_in,
            drop_requests,
        }) => {
            let mut settings = desk.door_view(())?.settings;
            if open || closed {
                settings.open = open;
            }
            if let Some(mode) = mode {
                settings.mode = word(&mode)?;
            }
            if let Some(seats) = seats {
                settings.seats = (seats > 0).then_some(seats);
            }
            if let Some(limit) = waiting_limit {
                settings.waiting_limit = (limit > 0).then_some(limit);
            }
            if let Some(text) = closes_at {
                settings.closes_at = deadline(&text)?;
            }
            if let Some(check_in) = check_in {
                settings.check_in = check_in == "on";
            }
            if let Some(drops) = drop_requests {
                settings.drop_requests = word(&drops)?;
            }
            desk.set_door(settings)?
        }
        Some(DoorStep::Enter {
            name,
            person,
            members,
        }) => desk.desk_enter(person.details(name, members))?,
        Some(DoorStep::Accept { entry }) => desk.decide_entry(DecideEntryRequest {
            entry,
            accept: true,
        })?,
        Some(DoorStep::Refuse { entry }) => desk.decide_entry(DecideEntryRequest {
            entry,
            accept: false,
        })?,
        Some(DoorStep::Withdraw { entry }) => desk.withdraw_entry(EntryRequest { entry })?,
        Some(DoorStep::CheckIn { entry }) => desk.check_in(EntryRequest { entry })?,
        Some(DoorStep::Draw { seed }) => desk.draw_lottery(DrawRequest {
            seed: seed.map(|s| s.to_string()),
        })?,
        Some(DoorStep::ConfirmDrop { player }) => desk.decide_drop_request(DecideDropRequest {
            player,
            accept: true,
        })?,
        Some(DoorStep::DeclineDrop { player }) => desk.decide_drop_request(DecideDropRequest {
            player,
            accept: false,
        })?,
    };
    Output::new(door_text(&view), &view)
}

pub fn judge(
    host: &mut Host,
    file: &std::path::Path,
    step: Option<JudgeStep>,
) -> Result<Output, CommandError> {
    let desk = host.open(file)?;
    let view = match step {
        None => desk.judge_calls(())?,
        Some(JudgeStep::Call { player, reason }) => {
            desk.desk_call_judge(DeskCallRequest { player, reason })?
        }
        Some(JudgeStep::Claim { call }) => desk.claim_call(CallRequest { call })?,
        Some(JudgeStep::Resolve { call }) => desk.resolve_call(CallRequest { call })?,
    };
    Output::new(calls_text(&view), &view)
}

/// A word of a door setting (`open`, `lottery`, `confirmed`, …) as its value.
fn word<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, CommandError> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).map_err(|_| {
        CommandError::input(
            ErrorKind::InvalidRequest,
            msg!(
                "error.invalid-request.door-word",
                "'{word}' is not a choice here",
                word = text
            ),
        )
    })
}

/// `--closes-at`: an RFC 3339 time, or `none`.
fn deadline(text: &str) -> Result<Option<i64>, CommandError> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    chrono::DateTime::parse_from_rfc3339(text.trim())
        .map(|time| Some(time.timestamp()))
        .map_err(|_| {
            CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.deadline",
                    "'{text}' is not a time; write it like 2026-12-05T13:00:00+09:00, or none",
                    text = text
                ),
            )
        })
}

fn door_text(view: &DoorView) -> String {
    let settings: &DoorSettings = &view.settings;
    let taken = match settings.seats {
        Some(seats) => msg!(
            "door.seats-of",
            "{taken} of {seats} seats taken",
            taken = view.seats_taken,
            seats = seats
        ),
        None => msg!(
            "door.seats-taken",
            "{taken} seats taken, no cap",
            taken = view.seats_taken
        ),
    };
    let mode = match (settings.open, settings.mode) {
        (false, _) => msg!("door.closed", "The entry page takes no entries"),
        (true, EntryMode::Open) => msg!("door.open", "The entry page accepts entries at once"),
        (true, EntryMode::Approve) => msg!(
            "door.approve",
            "The entry page takes entries for your approval"
        ),
        (true, EntryMode::Lottery) => {
            msg!("door.lottery", "The entry page takes entries for a lottery")
        }
    };
    let mut text = format!("{}; {}", say(&mode), say(&taken));
    text.push('\n');
    if let Some(seed) = &view.lottery_seed {
        let _ = writeln!(
            text,
            "{}",
            say(&msg!(
                "door.lottery-seed",
                "Lottery drawn with seed {seed}",
                seed = seed.clone()
            ))
        );
    }
    for entry in &view.entries {
        let state = match (entry.state, entry.player, entry.place_in_line) {
            (EntryState::Waiting, _, Some(place)) => say(&msg!(
                "door.entry.waiting",
                "waiting, {place} in line",
                place = place
            )),
            (EntryState::Accepted, Some(player), _) => say(&msg!(
                "door.entry.player",
                "playing as player {player}",
                player = player
            )),
            (EntryState::Accepted, None, _) => {
                say(&msg!("door.entry.not-checked-in", "seat, not checked in"))
            }
            (EntryState::Pending, ..) => say(&msg!("door.entry.pending", "waiting for approval")),
            (EntryState::Entered, ..) => say(&msg!("door.entry.entered", "in the lottery")),
            (EntryState::Refused, ..) => say(&msg!("door.entry.refused", "refused")),
            (EntryState::Withdrawn, ..) => say(&msg!("door.entry.withdrawn", "withdrawn")),
            (EntryState::Waiting, ..) => say(&msg!("door.entry.waiting-plain", "waiting")),
        };
        let _ = writeln!(
            text,
            "{:>4}  {}  {}",
            entry.number, entry.details.name, state
        );
    }
    for request in &view.drop_requests {
        let line = match request.state {
            DropRequestState::Asked => msg!(
                "door.drop-asked",
                "{name} ({player}) asks to drop after this round",
                name = request.name.clone(),
                player = request.player
            ),
            DropRequestState::Confirmed => msg!(
                "door.drop-confirmed",
                "{name} ({player}) drops at the next pairing",
                name = request.name.clone(),
                player = request.player
            ),
            DropRequestState::Declined => msg!(
                "door.drop-declined",
                "{name} ({player}): drop request declined",
                name = request.name.clone(),
                player = request.player
            ),
            DropRequestState::Done => msg!(
                "door.drop-done",
                "{name} ({player}) dropped as asked",
                name = request.name.clone(),
                player = request.player
            ),
        };
        let _ = writeln!(text, "{}", say(&line));
    }
    text
}

fn calls_text(view: &JudgeCallsView) -> String {
    let mut text = String::new();
    for call in &view.calls {
        let state = if call.resolved_at.is_some() {
            say(&msg!("judge.state.resolved", "dealt with"))
        } else if call.claimed_at.is_some() {
            say(&msg!("judge.state.claimed", "a judge is on the way"))
        } else {
            say(&msg!(
                "judge.state.waiting",
                "waiting {seconds} s",
                seconds = (view.now - call.at).max(0).to_string()
            ))
        };
        let table = call
            .table
            .map(|t| say(&msg!("judge.table", "table {table}", table = t)))
            .unwrap_or_default();
        let _ = writeln!(
            text,
            "{:>4}  {}  {} ({})  {}  {}",
            call.number,
            table,
            call.name,
            call.player,
            call.reason.as_deref().unwrap_or(""),
            state
        );
    }
    if text.is_empty() {
        text = say(&msg!("judge.none", "No judge calls."));
        text.push('\n');
    }
    text
}
