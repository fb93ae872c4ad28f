//! Standings and results as CSV for spreadsheets and publishers' tools, as UTF-8 with a
//! BOM (what Excel needs to show Japanese correctly) or Shift-JIS (older Japanese tools).

use tablekeeper_engine::Event;
use tablekeeper_engine::model::Seats;
use tablekeeper_words::ErrorKind;

use crate::error::CommandError;
use crate::views::{PairingsView, StandingsView};
use tablekeeper_words::msg;

pub use crate::vocabulary::CsvEncoding;

/// An encoded CSV file and the characters Shift-JIS could not hold (replaced by '?').
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodedCsv {
    pub bytes: Vec<u8>,
    pub unrepresentable: Vec<char>,
}

/// A cell as it is safe to open in a spreadsheet: text that a spreadsheet would run as a
/// formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return, e.g. a player
/// registered as `=HYPERLINK(…)`) gets a leading apostrophe, which spreadsheets show as
/// text. Plain numbers (`-1`, `0.5`) stay numbers.
pub fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    let risky = cell
        .chars()
        .next()
        .is_some_and(|c| matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r'));
    if risky && !is_plain_number(cell) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

/// `-12`, `+3`, `0.5`, `-0.3333`: digits with an optional sign and one decimal point.
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let fraction = parts.next();
    !whole.is_empty()
        && whole.chars().all(|c| c.is_ascii_digit())
        && fraction.is_none_or(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()))
}

fn table(rows: Vec<Vec<String>>) -> Result<String, CommandError> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    for row in rows {
        writer
            .write_record(row.iter().map(|cell| spreadsheet_safe(cell).into_owned()))
            .map_err(|e| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!("error.internal", "{detail}", detail = e.to_string()),
                )
            })?;
    }
    let bytes = writer.into_inner().map_err(|e| {
        CommandError::input(
            ErrorKind::Internal,
            msg!("error.internal", "{detail}", detail = e.to_string()),
        )
    })?;
    String::from_utf8(bytes).map_err(|e| {
        CommandError::input(
            ErrorKind::Internal,
            msg!("error.internal", "{detail}", detail = e.to_string()),
        )
    })
}

/// Encodes CSV text; unrepresentable characters become '?' and are reported.
pub fn encode(text: &str, encoding: CsvEncoding) -> EncodedCsv {
    match encoding {
        CsvEncoding::Utf8Bom => {
            let mut bytes = b"\xEF\xBB\xBF".to_vec();
            bytes.extend_from_slice(text.as_bytes());
            EncodedCsv {
                bytes,
                unrepresentable: Vec::new(),
            }
        }
        CsvEncoding::ShiftJis => {
            let mut bytes = Vec::with_capacity(text.len());
            let mut unrepresentable = Vec::new();
            let mut buffer = [0u8; 4];
            for c in text.chars() {
                let (encoded, _, had_errors) =
                    encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buffer));
                if had_errors {
                    bytes.push(b'?');
                    if !unrepresentable.contains(&c) {
                        unrepresentable.push(c);
                    }
                } else {
                    bytes.extend_from_slice(&encoded);
                }
            }
            EncodedCsv {
                bytes,
                unrepresentable,
            }
        }
    }
}

/// Standings: rank, player number, name, publisher ID, points, record, every tiebreaker as
/// displayed and exact.
pub fn standings_csv(event: &Event, standings: &StandingsView) -> Result<String, CommandError> {
    let mut header: Vec<String> = [
        "rank",
        "player",
        "name",
        "publisher_id",
        "points",
        "wins",
        "losses",
        "draws",
        "dropped",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for id in &standings.chain {
        header.push(id.clone());
        header.push(format!("{id}_exact"));
    }
    let mut rows = vec![header];
    for row in &standings.rows {
        let publisher_id = event
            .players
            .iter()
            .find(|p| p.id.0 == row.player)
            .and_then(|p| p.details.publisher_id.clone());
        let mut line = vec![
            row.rank.to_string(),
            row.player.to_string(),
            row.name.clone(),
            publisher_id.unwrap_or_default(),
            row.points.clone(),
            row.wins.to_string(),
            row.losses.to_string(),
            row.draws.to_string(),
            if row.dropped {
                "yes".into()
            } else {
                "no".into()
            },
        ];
        for value in &row.tiebreakers {
            // A value that does not apply (head-to-head outside a tie) is left empty.
            let shown = if value.exact.is_some() {
                value.display.clone()
            } else {
                String::new()
            };
            line.push(shown);
            line.push(value.exact.clone().unwrap_or_default());
        }
        rows.push(line);
    }
    table(rows)
}

/// Results: one line per match and per bye or late-entry round.
pub fn results_csv(event: &Event) -> Result<String, CommandError> {
    let mut rows = vec![
        [
            "round", "table", "player_a", "name_a", "player_b", "name_b", "result", "points_a",
            "points_b",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>(),
    ];
    for round in &event.rounds {
        let view = PairingsView::from_round(event, round);
        for t in &view.tables {
            rows.push(vec![
                round.number.to_string(),
                t.table.to_string(),
                t.a.player.to_string(),
                t.a.name.clone(),
                t.b.player.to_string(),
                t.b.name.clone(),
                t.result
                    .as_ref()
                    .map(|r| r.summary.text.clone())
                    .unwrap_or_default(),
                t.a.points.clone().unwrap_or_default(),
                t.b.points.clone().unwrap_or_default(),
            ]);
        }
        for m in round
            .matches
            .iter()
            .filter(|m| matches!(m.seats, Seats::Single { .. }))
        {
            if let Seats::Single { player } = m.seats {
                let name = event
                    .player(player)
                    .map(|p| p.details.name.clone())
                    .unwrap_or_default();
                let seat = m.result.as_ref().and_then(|r| r.seats.first());
                let kind = match m.result.as_ref().map(|r| &r.entry) {
                    Some(tablekeeper_engine::model::ResultEntry::LateEntryLoss) => "late entry",
                    Some(tablekeeper_engine::model::ResultEntry::WithdrawnBye) => {
                        "bye withdrawn (dropped after pairing)"
                    }
                    _ => "bye",
                };
                rows.push(vec![
                    round.number.to_string(),
                    String::new(),
                    player.0.to_string(),
                    name,
                    String::new(),
                    String::new(),
                    kind.to_string(),
                    seat.map(|s| s.points.to_string()).unwrap_or_default(),
                    String::new(),
                ]);
            }
        }
    }
    table(rows)
}

/// A payout sheet: one line per player who receives something, in the final order.
/// The meta as one table: a row per pair of decks that met (each deck's share and top cut
/// repeated on its rows), then a row per deck that met nobody; shares and rates in percent
/// with one decimal, the Wilson interval with three.
pub fn meta_csv(view: &crate::views::meta::MetaView) -> Result<String, CommandError> {
    let percent = |per_mille: u32| format!("{}.{}", per_mille / 10, per_mille % 10);
    let mut rows = vec![
        [
            "deck",
            "players",
            "share_percent",
            "top_cut",
            "conversion_percent",
            "opponent",
            "wins",
            "losses",
            "draws",
            "win_rate_percent",
            "interval_low",
            "interval_high",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>(),
    ];
    for deck in &view.decks {
        let share = [
            deck.label.clone(),
            deck.players.to_string(),
            percent(deck.share),
            deck.top_cut.to_string(),
            percent(deck.conversion),
        ];
        let met: Vec<_> = view
            .matchups
            .iter()
            .filter(|m| m.row == deck.label)
            .collect();
        if met.is_empty() {
            let mut row = share.to_vec();
            row.extend(std::iter::repeat_n(String::new(), 7));
            rows.push(row);
        }
        for matchup in met {
            let mut row = share.to_vec();
            let (low, high) = matchup
                .interval
                .map_or((String::new(), String::new()), |(l, h)| {
                    (format!("{l:.3}"), format!("{h:.3}"))
                });
            row.extend([
                matchup.column.clone(),
                matchup.wins.to_string(),
                matchup.losses.to_string(),
                matchup.draws.to_string(),
                percent(matchup.win_rate),
                low,
                high,
            ]);
            rows.push(row);
        }
    }
    table(rows)
}

pub fn payout_csv(view: &crate::views::prizes::PayoutView) -> Result<String, CommandError> {
    let mut rows = vec![
        [
            "place", "tied", "player", "name", "credit", "currency", "items", "raffle",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>(),
    ];
    for line in &view.lines {
        if line.credit == 0 && line.items.is_empty() && line.raffle.is_empty() {
            continue;
        }
        let items: Vec<String> = line
            .items
            .iter()
            .map(|i| format!("{} × {}", i.count, i.name))
            .collect();
        rows.push(vec![
            line.place.to_string(),
            if line.tied { "yes".into() } else { "no".into() },
            line.player.to_string(),
            line.name.clone(),
            line.credit.to_string(),
            view.currency.clone(),
            items.join("; "),
            line.raffle.join("; "),
        ]);
    }
    table(rows)
}

/// A season's table: one line per player, then each event's points (empty where the
/// player did not play; a counted result is marked with `*`).
pub fn season_csv(view: &crate::views::prizes::SeasonView) -> Result<String, CommandError> {
    let mut header: Vec<String> = [
        "rank",
        "name",
        "points",
        "events",
        "best_place",
        "wins",
        "losses",
        "draws",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(view.events.iter().map(|e| e.name.clone()));
    let mut rows = vec![header];
    for row in &view.rows {
        let mut line = vec![
            row.rank.map(|r| r.to_string()).unwrap_or_default(),
            row.name.clone(),
            row.points.to_string(),
            row.events_played.to_string(),
            row.best_place.to_string(),
            row.wins.to_string(),
            row.losses.to_string(),
            row.draws.to_string(),
        ];
        for (index, points) in row.by_event.iter().enumerate() {
            let counted = row
                .counted
                .contains(&u32::try_from(index).unwrap_or(u32::MAX));
            line.push(match points {
                Some(p) if counted => format!("{p}*"),
                Some(p) => p.to_string(),
                None => String::new(),
            });
        }
        rows.push(line);
    }
    table(rows)
}
