//! A demo event so a new user sees a whole Swiss event at once (`tablekeeper demo`).

use std::path::Path;

use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::{DrawReason, GameScore, ResultEntry, Side};

use crate::error::CommandError;
use crate::session::{CreateOptions, RulesetSource, Session};

const NAMES: [(&str, Option<&str>); 12] = [
    ("Aiko Tanaka", None),
    ("佐藤 花子", Some("さとう はなこ")),
    ("Ben Carter", None),
    ("鈴木 一郎", Some("すずき いちろう")),
    ("Chloé Martin", None),
    ("Dmitri Volkov", None),
    ("高橋 美咲", Some("たかはし みさき")),
    ("Emma Novak", None),
    ("Farid Haddad", None),
    ("Grace Kim", None),
    ("伊藤 翔", Some("いとう しょう")),
    ("Hugo Silva", None),
];

/// Creates a finished three-round event at `path` (fixed seeds, so every run is alike).
pub fn create_demo(path: &Path) -> Result<Session, CommandError> {
    let mut session = Session::create(
        path,
        CreateOptions {
            name: "Demo Weekly Locals".into(),
            ruleset: Some(RulesetSource::Embedded("bushiroad-en".into())),
            title: Some("vanguard".into()),
            planned_rounds: Some(3),
            overrides: Vec::new(),
            standings_seed: Some(2026),
            ..CreateOptions::default()
        },
    )?;
    let players = NAMES
        .iter()
        .map(|(name, reading)| PlayerDetails {
            name: (*name).to_string(),
            reading: reading.map(str::to_string),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players)?;
    for round in 1..=3u32 {
        let pairings = session.pair_next_round(Some(u64::from(round) * 7919), false)?;
        for table in pairings.tables {
            let entry = match (round + table.table) % 5 {
                0 => ResultEntry::Draw {
                    reason: DrawReason::Time,
                    games: None,
                    graded_reason: None,
                },
                1 | 3 => ResultEntry::Win {
                    winner: Side::B,
                    games: Some(GameScore {
                        a: 0,
                        b: 1,
                        draws: 0,
                    }),
                    reason: None,
                },
                _ => ResultEntry::Win {
                    winner: Side::A,
                    games: None,
                    reason: None,
                },
            };
            session.record_result(Some(round), table.table, entry, false)?;
        }
    }
    Ok(session)
}
