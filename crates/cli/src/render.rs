//! Plain-text rendering of command results for the terminal.

use std::fmt::Write;

use tablekeeper_commands::catalogue::{RulesetSummary, TitleSummary};
use tablekeeper_commands::verify::RulesetVerification;
use tablekeeper_commands::views::bracket::{BracketMatchView, BracketSeat, BracketView};
use tablekeeper_commands::views::{
    EventView, ExplanationView, PairingsView, PlayerView, StandingsView, TableView,
};
use tablekeeper_commands::vocabulary::{ResultKind, Stage};
use tablekeeper_engine::model::{DropTiming, Outcome, Side, Structure};
use tablekeeper_words::message::Message;
use tablekeeper_words::{self as words, Language};

/// The language messages are shown in (`--lang`, else the locale), set once at start.
static LANGUAGE: std::sync::OnceLock<Language> = std::sync::OnceLock::new();

pub fn set_language(language: Language) {
    let _ = LANGUAGE.set(language);
}

/// The chosen language.
pub fn language() -> Language {
    LANGUAGE.get().copied().unwrap_or(Language::En)
}

/// A message in the chosen language.
pub fn say(message: &Message) -> String {
    words::render(message, LANGUAGE.get().copied().unwrap_or(Language::En))
}

/// Pads `text` to `width` characters (counting East Asian wide characters as two).
fn pad(text: &str, width: usize) -> String {
    let shown: usize = text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(shown)))
}

fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

pub fn summary(view: &EventView) -> String {
    let planned = if view.planned_rounds == 0 {
        " (planned rounds are set from the publisher's table at the first pairing)".to_string()
    } else {
        format!(" of {}", view.planned_rounds)
    };
    let rounds = match view.recommended_rounds_range {
        Some([low, high]) if view.planned_cut == 0 => format!(
            "{low}–{high} Swiss rounds ({} taken)",
            view.recommended_rounds
        ),
        Some([low, high]) => format!(
            "{low}–{high} Swiss rounds with the planned top {} ({} taken)",
            view.planned_cut, view.recommended_rounds
        ),
        None if view.planned_cut > 0 => format!(
            "{} Swiss rounds with the planned top {}",
            view.recommended_rounds, view.planned_cut
        ),
        None if view.recommended_structure.is_some() => {
            format!("{} rounds of a round robin", view.recommended_rounds)
        }
        None => format!("{} Swiss rounds", view.recommended_rounds),
    };
    let single = view.structure == Structure::SingleElimination;
    let stage = match view.stage {
        Stage::Cut if single => {
            "  stage: single elimination (see `tablekeeper bracket`)\n".to_string()
        }
        Stage::Cut => "  stage: top cut (see `tablekeeper bracket`)\n".to_string(),
        Stage::Finished => "  stage: finished (the bracket has a champion)\n".to_string(),
        _ if view.recommended_rounds == 0 => {
            "  suggested: nothing yet (register at least 2 players)\n".to_string()
        }
        _ if single => format!(
            "  suggested: {} rounds of single elimination\n",
            view.recommended_rounds
        ),
        _ if view.recommended_cut > 0 && view.planned_cut == 0 => format!(
            "  suggested for {} players: {rounds}, top {} cut ({})\n",
            view.field, view.recommended_cut, view.recommended_finals
        ),
        _ => format!("  suggested for {} players: {rounds}\n", view.field),
    };
    let stage = match &view.recommended_structure {
        Some(structure) if view.stage == Stage::Registration => format!(
            "{stage}  the publisher recommends a {structure} for {} players (`create --structure {structure}`)\n",
            view.field
        ),
        _ => stage,
    };
    let structure = match (view.structure, &view.structure_finished) {
        (Structure::Swiss, _) => String::new(),
        (id, None) => format!("  structure: {id}\n"),
        (id, Some(reason)) => format!("  structure: {id} — {}\n", say(reason)),
    };
    let access = match &view.read_only {
        None => String::new(),
        Some(read_only) => format!(
            "  read-only: {} — changes cannot be saved; `save-copy` it to a writable folder\n",
            read_only.detail
        ),
    };
    let stage = stage + &structure + &access;
    format!(
        "{}\n  file: {}\n  ruleset: {} ({})\n  players: {} registered, {} active\n  rounds: {} paired{}{}\n{stage}",
        view.name,
        view.file,
        view.ruleset.name_en,
        view.ruleset.id,
        view.players_registered,
        view.players_active,
        view.rounds_paired,
        planned,
        if view.current_round_complete {
            ""
        } else {
            " (current round has open tables)"
        }
    )
}

pub fn players(list: &[PlayerView]) -> String {
    let mut out = String::new();
    for p in list {
        let status = match (p.dropped_after_round, p.drop) {
            (Some(round), Some(DropTiming::AfterPairing)) => {
                format!("dropped after round {round} was paired: that round is lost")
            }
            (Some(round), _) => format!("dropped after round {round}"),
            (None, _) => p.status.id().to_string(),
        };
        let reading = p
            .details
            .reading
            .as_deref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        let table = p
            .fixed_table
            .map(|t| format!(" [always table {t}]"))
            .unwrap_or_default();
        // A team lists its members in seat order.
        let members = if p.details.members.is_empty() {
            String::new()
        } else {
            format!(": {}", p.details.members.join(", "))
        };
        let _ = writeln!(
            out,
            "{:>4}  {}{}{}  [{}]{}",
            p.id, p.details.name, reading, members, status, table
        );
    }
    out
}

pub fn table_line(t: &TableView) -> String {
    let result = t
        .result
        .as_ref()
        .map_or("—".to_string(), |r| say(&r.summary));
    let first = match (t.first, t.chooses) {
        (Some(Side::A), _) => format!("  [{} goes first]", t.a.name),
        (Some(Side::B), _) => format!("  [{} goes first]", t.b.name),
        (_, Some(Side::A)) => format!("  [{} chooses first or second]", t.a.name),
        (_, Some(Side::B)) => format!("  [{} chooses first or second]", t.b.name),
        _ => String::new(),
    };
    format!(
        "{:>4}  {} vs {}  {}{}\n",
        t.table,
        pad(&t.a.name, 24),
        pad(&t.b.name, 24),
        result,
        first
    )
}

pub fn pairings(view: &PairingsView, explain: bool) -> String {
    let mut out = match &view.bracket_round {
        Some(label) => format!("Round {} pairings: bracket, {label}\n", view.round),
        None => format!(
            "Round {} pairings (seed {})\n",
            view.round, view.pairing_seed
        ),
    };
    let _ = writeln!(
        out,
        "{:>5}  {} {} result",
        "table",
        pad("player A", 28),
        pad("player B", 24)
    );
    for t in &view.tables {
        out.push_str(&table_line(t));
    }
    for b in &view.byes {
        match b.result.as_ref().map(|r| r.kind) {
            Some(ResultKind::WithdrawnBye) => {
                let _ = writeln!(out, "  bye  {} (withdrawn: dropped after pairing)", b.name);
            }
            _ => {
                let _ = writeln!(out, "  bye  {}", b.name);
            }
        }
    }
    for l in &view.late_entry_losses {
        let _ = writeln!(out, " late  {} (missed round: loss)", l.name);
    }
    if !view.rematches.is_empty() {
        let _ = writeln!(
            out,
            "  warning: {} rematch(es) in this round",
            view.rematches.len()
        );
    }
    for warning in &view.warnings {
        let _ = writeln!(out, "  warning: {}", say(warning));
    }
    if let Some(explanation) = view.explanation.as_ref().filter(|_| explain) {
        out.push_str(&explanation_text(explanation));
    }
    out
}

fn explanation_text(e: &ExplanationView) -> String {
    let mut out = format!("Why round {} is paired this way\n", e.round);
    let numbers = |p: &tablekeeper_commands::views::NamedPlayer| {
        let mut text = format!("{} points, {} bye(s)", p.points, p.byes);
        if let Some(sos) = &p.sos {
            let _ = write!(text, ", SoS {sos}");
        }
        if p.paired_down_last_round {
            text.push_str(", paired down last round");
        }
        if p.standing > 0 {
            let _ = write!(text, ", standing {}", p.standing);
        }
        text
    };
    if let Some(bye) = &e.bye {
        let _ = writeln!(
            out,
            "  bye: {} ({}): {}",
            bye.player.name,
            numbers(&bye.player),
            say(&bye.reason)
        );
        if !bye.candidates.is_empty() {
            let order: Vec<String> = bye
                .candidates
                .iter()
                .map(|c| format!("{} ({})", c.name, numbers(c)))
                .collect();
            let _ = writeln!(out, "    bye order: {}", order.join("; "));
        }
    }
    if e.floats.is_empty() {
        let _ = writeln!(out, "  every pair is inside one score group");
    }
    for f in &e.floats {
        let _ = writeln!(
            out,
            "  paired across groups: {} ({}) vs {} ({}): {}",
            f.higher.name,
            numbers(&f.higher),
            f.lower.name,
            numbers(&f.lower),
            say(&f.reason)
        );
    }
    for note in &e.notes {
        let _ = writeln!(out, "  note: {}", say(note));
    }
    if !e.regenerated_identically {
        let _ = writeln!(
            out,
            "  note: the stored pairing differs from what the pairer produces (changed by hand)"
        );
    }
    out
}

pub fn standings(view: &StandingsView) -> String {
    let mut out = format!("Standings after {} round(s)\n", view.completed_rounds);
    let mut header = format!(
        "{:>4}  {} {:>6} {:>7}",
        "rank",
        pad("player", 28),
        "points",
        "W-L-D"
    );
    let show_match_win = !view.chain.iter().any(|id| id == "match-win");
    if show_match_win && view.rows.first().is_some_and(|r| r.match_win.is_some()) {
        let _ = write!(header, " {:>9}", "match-win");
    }
    for id in &view.chain {
        let _ = write!(header, " {:>13}", id);
    }
    let _ = writeln!(out, "{header}");
    for row in &view.rows {
        let record = format!("{}-{}-{}", row.wins, row.losses, row.draws);
        let name = if row.eliminated {
            format!("{} (eliminated)", row.name)
        } else if row.dropped {
            format!("{} (dropped)", row.name)
        } else {
            row.name.clone()
        };
        let _ = write!(
            out,
            "{:>4}  {} {:>6} {:>7}",
            row.rank,
            pad(&name, 28),
            row.points,
            record
        );
        if let Some(mw) = row.match_win.as_ref().filter(|_| show_match_win) {
            let _ = write!(out, " {:>9}", mw.display);
        }
        for value in &row.tiebreakers {
            let _ = write!(out, " {:>13}", value.display);
        }
        if row.decided_by_random {
            out.push_str("  *");
        }
        out.push('\n');
    }
    if view.rows.iter().any(|r| r.decided_by_random) {
        let _ = writeln!(
            out,
            "  * order decided by the recorded random draw (seed {})",
            view.random_seed
        );
    }
    out
}

/// Each player in standings order with every round's opponent and the values behind the
/// tiebreakers.
pub fn breakdown(view: &tablekeeper_commands::views::breakdown::BreakdownView) -> String {
    let mut out = format!("Breakdown after {} round(s)\n", view.completed_rounds);
    for player in &view.players {
        let _ = write!(
            out,
            "{:>4}  {}  {} points  {}",
            player.rank, player.name, player.points, player.record
        );
        for value in &player.tiebreakers {
            let _ = write!(out, "  {} {}", value.id, value.display);
        }
        out.push('\n');
        for line in &player.rounds {
            let opponent = match (&line.opponent_name, &line.opponent_record) {
                (Some(name), Some(record)) => format!("{name} ({record})"),
                (Some(name), None) => name.clone(),
                _ => "bye".to_string(),
            };
            let _ = write!(
                out,
                "        round {:>2}  {:<5} {}",
                line.round,
                outcome_word(line.outcome),
                opponent
            );
            if let Some(match_win) = &line.opponent_match_win {
                let _ = write!(out, "  {match_win}");
            }
            if !line.counted {
                out.push_str("  (not counted)");
            }
            out.push('\n');
        }
    }
    out
}

/// A breakdown line's outcome as the terminal shows it.
fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

pub fn verification(results: &[RulesetVerification]) -> String {
    let mut out = String::new();
    for group in results {
        let verdict = if group.failed == 0 { "PASS" } else { "FAIL" };
        let _ = writeln!(
            out,
            "{verdict}  {:<16} {} passed, {} failed",
            group.ruleset, group.passed, group.failed
        );
        for vector in group.vectors.iter().filter(|v| !v.passed) {
            let _ = writeln!(
                out,
                "      {} ({}): {}",
                vector.id,
                vector.rule,
                vector.failures.join("; ")
            );
        }
    }
    let passed: u32 = results.iter().map(|g| g.passed).sum();
    let failed: u32 = results.iter().map(|g| g.failed).sum();
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    out
}

pub fn rulesets(list: &[RulesetSummary]) -> String {
    list.iter()
        .map(|r| {
            format!(
                "{:<16} {:<44} points {:<10} chain {}\n",
                r.id,
                r.name_en,
                r.points,
                r.chain.join(" → ")
            )
        })
        .collect()
}

pub fn titles(list: &[TitleSummary]) -> String {
    list.iter()
        .map(|t| {
            format!(
                "{:<26} {:<40} {:<16} {} min, {}\n",
                t.id, t.name_en, t.ruleset, t.round_minutes, t.match_length
            )
        })
        .collect()
}

pub fn history(items: &[tablekeeper_commands::HistoryItem]) -> String {
    items
        .iter()
        .map(|item| {
            let undone = if item.undone { "  (undone)" } else { "" };
            let reason = item
                .reason
                .as_deref()
                .map(|r| format!("  — {r}"))
                .unwrap_or_default();
            let description = item
                .description
                .iter()
                .map(say)
                .collect::<Vec<_>>()
                .join("; ");
            format!(
                "{:>5}  {}  {description}{reason}{undone}\n",
                item.step, item.recorded_at
            )
        })
        .collect()
}

/// The bracket, round by round, with winners marked and the champion.
pub fn bracket(view: &BracketView) -> String {
    let seat = |s: &Option<BracketSeat>| match s {
        Some(s) => format!("({}) {}", s.seed, s.name),
        None => "—".to_string(),
    };
    let line = |out: &mut String, m: &BracketMatchView| {
        let table = m
            .table
            .map_or_else(|| "   ".to_string(), |t| format!("{t:>3}"));
        let mark = |s: &Option<BracketSeat>| {
            if s.as_ref().is_some_and(|s| Some(s.player) == m.winner) {
                "*"
            } else {
                " "
            }
        };
        let bracket = match (m.bracket, &m.part) {
            (Some(n), Some(part)) => format!("bracket {n} ({part}): "),
            _ => String::new(),
        };
        let name = |side: Side| {
            let s = if side == Side::A { &m.a } else { &m.b };
            s.as_ref().map(|s| s.name.clone()).unwrap_or_default()
        };
        let first = match (m.first, m.chooses) {
            (Some(side), _) => format!("  [{} goes first]", name(side)),
            (_, Some(side)) => format!("  [{} chooses first or second]", name(side)),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  {table}  {bracket}{}{} v {}{}  {}{first}",
            mark(&m.a),
            pad(&seat(&m.a), 26),
            mark(&m.b),
            pad(&seat(&m.b), 26),
            m.result
                .as_ref()
                .map(|r| say(&r.summary))
                .unwrap_or_default()
        );
    };
    let mut out = if view.double {
        format!(
            "Top {} double elimination (* wins; a grand final lost by the upper finalist is replayed)\n",
            view.size
        )
    } else if view.random_each_round {
        format!(
            "Single elimination, {} players, every round paired at random (* advances)\n",
            view.size
        )
    } else {
        format!("Top {} bracket (* advances)\n", view.size)
    };
    for warning in &view.warnings {
        let _ = writeln!(out, "warning: {}", say(warning));
    }
    if let Some(draw) = &view.draw {
        let among: Vec<String> = draw.among.iter().map(|s| s.name.clone()).collect();
        let _ = writeln!(
            out,
            "cut line: {} place(s) drawn among {} (tied on every tiebreaker) with seed {}",
            draw.places,
            among.join(", "),
            draw.seed
        );
    }
    for round in &view.rounds {
        let number = round
            .number
            .map_or_else(|| "not paired yet".to_string(), |n| format!("round {n}"));
        let _ = writeln!(out, "{} ({number})", round.label);
        for m in &round.matches {
            line(&mut out, m);
        }
    }
    if let Some(m) = &view.third_place_match {
        let _ = writeln!(out, "third place");
        line(&mut out, m);
    }
    match &view.champion {
        Some(c) => {
            let _ = writeln!(out, "Champion: {} (seed {})", c.name, c.seed);
        }
        None if view.next == "pair" => {
            out.push_str("Next: pair the next bracket round (`tablekeeper pair`)\n")
        }
        None if view.next == "results" => {
            out.push_str("Next: enter the results of this bracket round\n")
        }
        None => out.push_str("The final ended without a winner\n"),
    }
    out
}

/// `import-players --preview`: who would be imported, and every problem.
pub fn import_preview(
    preview: &tablekeeper_commands::formats::csv_import::ImportPreview,
) -> String {
    let mut text = format!(
        "{} player(s) would be imported ({:?})\n",
        preview.players.len(),
        preview.encoding
    );
    for player in &preview.players {
        text.push_str(&format!("  {}\n", player.name));
    }
    for problem in &preview.problems {
        text.push_str(&format!(
            "  problem, line {}: {}\n",
            problem.line, problem.message
        ));
    }
    text
}

/// Tables with a result just entered, each with its warnings.
pub fn table_lines(tables: &[TableView]) -> String {
    let mut text = String::new();
    for table in tables {
        text.push_str(&table_line(table));
        for warning in &table.warnings {
            text.push_str(&format!("  warning: {}\n", say(warning)));
        }
    }
    text
}

/// A penalty as recorded.
pub fn penalty(recorded: &tablekeeper_commands::views::PenaltyView) -> String {
    format!(
        "{}: {} in round {} ({})\n",
        recorded.name,
        recorded.penalty,
        recorded.round,
        say(&recorded.infraction_message())
    )
}

/// Every penalty of the event.
pub fn penalties(list: &[tablekeeper_commands::views::PenaltyView]) -> String {
    if list.is_empty() {
        return "no penalties\n".into();
    }
    list.iter()
        .map(|p| {
            format!(
                "round {}: {} — {}: {}\n",
                p.round,
                p.name,
                p.penalty,
                say(&p.infraction_message())
            )
        })
        .collect()
}

/// `tardy`: the penalty the minutes late give, and whether it was recorded.
pub fn tardiness(view: &tablekeeper_commands::desk::TardinessView) -> String {
    match (&view.recorded, view.penalty) {
        (Some(recorded), _) => format!(
            "{}: {} recorded for tardiness\n",
            recorded.name, recorded.penalty
        ),
        (None, None) => format!("{} min late: no penalty under this ruleset\n", view.minutes),
        (None, Some(penalty)) => format!(
            "{} min late: {} (run again with --apply to record it)\n",
            view.minutes,
            penalty.id()
        ),
    }
}

/// A player's ticket: the QR code of their page (while shared) and their code.
pub fn ticket(ticket: &tablekeeper_commands::desk::PlayerTicketView) -> String {
    let mut text = String::new();
    if let Some(qr) = ticket
        .url
        .as_deref()
        .and_then(tablekeeper_commands::qr::text)
    {
        text.push_str(&qr);
        text.push('\n');
    }
    text.push_str(&say(&tablekeeper_words::msg!(
        "ticket.line",
        "{name} (no. {player}): player code {code}",
        name = ticket.name.clone(),
        player = ticket.player,
        code = ticket.code.clone()
    )));
    text.push('\n');
    text
}

/// The round's table codes.
pub fn table_codes(codes: &[tablekeeper_commands::desk::room::TableCodeView]) -> String {
    codes
        .iter()
        .map(|c| format!("{:>4}  {}\n", c.table, c.code))
        .collect()
}

/// `back-to-round`: what going back undoes, or would undo.
pub fn back_to_round(
    round: u32,
    done: bool,
    discarded: &[tablekeeper_commands::HistoryItem],
) -> String {
    let mut text = if done {
        format!(
            "Back to before round {round} was paired. Undone ({}):\n",
            discarded.len()
        )
    } else {
        format!(
            "Going back to before round {round} was paired would undo ({}):\n",
            discarded.len()
        )
    };
    text.push_str(&history(discarded));
    if !done {
        text.push_str(
            "Run again with --yes to do it (everything stays in the history and can be redone).\n",
        );
    }
    text
}

/// The event's automatic backups.
pub fn backups(list: &[tablekeeper_commands::session::backups::BackupView]) -> String {
    if list.is_empty() {
        return "no backups yet (one is written whenever a round is paired or finished)\n"
            .to_string();
    }
    list.iter()
        .map(|b| format!("{}  {:>8} bytes  {}\n", b.modified, b.bytes, b.file))
        .collect()
}

/// An export written to a file.
pub fn exported(
    format: tablekeeper_commands::vocabulary::ExportFormat,
    written: &tablekeeper_commands::formats::export::ExportView,
) -> String {
    let mut message = format!("{format} written to {}\n", written.written);
    if !written.unrepresentable.is_empty() {
        message.push_str(&format!(
            "warning: Shift-JIS cannot hold {}; written as '?' (use utf8-bom to keep them)\n",
            written.unrepresentable.concat()
        ));
    }
    message
}
