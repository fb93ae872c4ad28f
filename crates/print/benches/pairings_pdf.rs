//! Pairings-by-table PDF and match slips for 1024 players with Japanese names (and a few
//! Korean, Chinese and Cyrillic ones, so four fonts are embedded): time (median of 15 runs)
//! and file size, with a baseline in the same run — the same rows formatted as plain text
//! — so the figure is comparable across machines as a ratio. Goals:
//! pairings ≤ 300 ms and ≤ 500 KB, slips ≤ 1 s and ≤ 2 MB.
//!
//!     cargo bench -p tablekeeper-print --bench pairings_pdf

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tablekeeper_commands::{CreateOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_print::job::{PrintJob, render};
use tablekeeper_print::pairings::by_table;
use tablekeeper_print::{Document, Language, Paper, Sheet};

const FAMILY: [&str; 16] = [
    "佐藤",
    "鈴木",
    "高橋",
    "田中",
    "伊藤",
    "渡辺",
    "山本",
    "中村",
    "小林",
    "加藤",
    "吉田",
    "山田",
    "佐々木",
    "山口",
    "松本",
    "井上",
];
const GIVEN: [&str; 16] = [
    "花子",
    "一郎",
    "美咲",
    "翔",
    "健太",
    "陽菜",
    "大輔",
    "結衣",
    "拓海",
    "さくら",
    "蓮",
    "葵",
    "悠真",
    "凛",
    "湊",
    "芽依",
];
const PLAYERS: usize = 1024;
const RUNS: usize = 15;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let options = CreateOptions {
        name: "大型大会 Championship".into(),
        ruleset: Some(RulesetSource::Embedded("bushiroad-ja".into())),
        title: None,
        planned_rounds: Some(10),
        overrides: Vec::new(),
        standings_seed: Some(1),
        ..CreateOptions::default()
    };
    let mut session = Session::create(&dir.path().join("bench.tkevent"), options).expect("create");
    let players = (0..PLAYERS)
        .map(|n| PlayerDetails {
            name: match n % 64 {
                1 => format!("김민준 {n}"),
                2 => format!("张伟 {n}"),
                3 => format!("Иван Петров {n}"),
                _ => format!("{} {}{}", FAMILY[n % 16], GIVEN[(n / 16) % 16], n / 256 + 1),
            },
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players).expect("players");
    let pairings = session.pair_next_round(Some(1), false).expect("pair");
    let points: HashMap<u32, String> = (1..=PLAYERS as u32).map(|p| (p, "0".into())).collect();
    let sheet = Sheet {
        share_url: None,
        event: "大型大会 Championship".into(),
        printed_at: "2026-11-22 10:00".into(),
        paper: Paper::A4,
        language: Language::Ja,
    };

    let baseline = median(
        (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                let text: String = pairings
                    .tables
                    .iter()
                    .map(|t| {
                        format!(
                            "{}\t{}\t{}\t{}\t{}\n",
                            t.table, t.a.name, points[&t.a.player], t.b.name, points[&t.b.player]
                        )
                    })
                    .collect();
                std::hint::black_box(text);
                start.elapsed()
            })
            .collect(),
    );
    // The first render parses the embedded font once; report it separately.
    let first = Instant::now();
    let bytes = by_table(&sheet, &pairings, &points).expect("pdf");
    let first = first.elapsed();
    let pdf = median(
        (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(by_table(&sheet, &pairings, &points).expect("pdf"));
                start.elapsed()
            })
            .collect(),
    );
    println!(
        "pairings by table, {PLAYERS} players, Japanese names: {:.1} ms (median of {RUNS}; first render incl. font parse {:.1} ms), {} KB, {} tables",
        pdf.as_secs_f64() * 1e3,
        first.as_secs_f64() * 1e3,
        bytes.len() / 1024,
        pairings.tables.len()
    );
    println!(
        "baseline (same rows as plain text): {:.3} ms; ratio {:.0}×",
        baseline.as_secs_f64() * 1e3,
        pdf.as_secs_f64() / baseline.as_secs_f64().max(1e-9)
    );
    println!("goal: ≤ 300 ms and ≤ 500 KB");

    // Match slips as a host prints them (the round's pairings and standings included).
    let job = PrintJob {
        what: Document::Slips,
        round: None,
        paper: Paper::A4,
        language: Language::Ja,
        printed_at: "2026-11-22 10:00 +09:00".into(),
        table_codes: Default::default(),
        share_url: None,
        tickets: Vec::new(),
    };
    let slips_bytes = render(&session, &job).expect("slips");
    let slips = median(
        (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(render(&session, &job).expect("slips"));
                start.elapsed()
            })
            .collect(),
    );
    println!(
        "match slips, {} tables: {:.1} ms (median of {RUNS}), {} KB; ratio to the baseline {:.0}×",
        pairings.tables.len(),
        slips.as_secs_f64() * 1e3,
        slips_bytes.len() / 1024,
        slips.as_secs_f64() / baseline.as_secs_f64().max(1e-9)
    );
    println!("goal: ≤ 1 s and ≤ 2 MB");
}
