//! Every word printed on a sheet, from the `print` section of the language's catalogue
//! (`crates/words/locales/<language>.json`, the file every host shares).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use tablekeeper_engine::top_cut::double::Part;
use tablekeeper_words::catalogue;

use crate::Language;

/// The printed words of one language, borrowed from the embedded catalogue.
#[derive(Deserialize)]
pub struct Labels {
    pub meta_share: &'static str,
    pub ratings: &'static str,
    pub matchups: &'static str,
    pub no_deck: &'static str,
    pub in_top_cut: &'static str,
    pub events: &'static str,
    pub players: &'static str,
    pub round: &'static str,
    pub pairings_by_table: &'static str,
    pub pairings_by_name: &'static str,
    pub table: &'static str,
    pub tables: &'static str,
    pub player: &'static str,
    pub opponent: &'static str,
    pub points: &'static str,
    pub bye: &'static str,
    pub late_entry: &'static str,
    pub seed: &'static str,
    pub printed: &'static str,
    pub page: &'static str,
    pub match_slip: &'static str,
    pub win: &'static str,
    pub loss: &'static str,
    pub draw: &'static str,
    pub games_won: &'static str,
    pub games_each: &'static str,
    pub notes: &'static str,
    pub entered: &'static str,
    /// Before a table's code for reporting from a phone.
    pub report_code: &'static str,
    /// Beside the QR code of the players' page on the wall pairings.
    pub find_your_table: &'static str,
    pub record_so_far: &'static str,
    pub drop: &'static str,
    pub signature: &'static str,
    pub extra_time: &'static str,
    pub minutes: &'static str,
    pub judge: &'static str,
    pub id: &'static str,
    pub standings: &'static str,
    pub rank: &'static str,
    pub record: &'static str,
    pub match_win: &'static str,
    pub dropped: &'static str,
    pub disqualified: &'static str,
    pub breakdown: &'static str,
    pub average: &'static str,
    pub not_counted: &'static str,
    pub outcome_win: &'static str,
    pub outcome_loss: &'static str,
    pub outcome_draw: &'static str,
    pub bracket: &'static str,
    pub champion: &'static str,
    pub third_place: &'static str,
    pub to_be_decided: &'static str,
    pub score_card: &'static str,
    pub deck_registration: &'static str,
    pub name: &'static str,
    pub deck_name: &'static str,
    pub card_number: &'static str,
    pub card_name: &'static str,
    pub count: &'static str,
    pub event: &'static str,
    pub date: &'static str,
    pub result: &'static str,
    pub opponent_signature: &'static str,
    pub total: &'static str,
    pub top_cut: &'static str,
    pub ticket: &'static str,
    pub player_number: &'static str,
    /// A ticket whose QR code opens the players' page (the event is shared), line by line.
    pub ticket_scan: Vec<&'static str>,
    /// A ticket printed while the event is not shared: the code is typed on the page.
    pub ticket_type: Vec<&'static str>,
    /// The cut-line sheet: its title, its last column, and the legend under it.
    pub cut_line: &'static str,
    pub cut_line_needs: &'static str,
    pub cut_line_legend: Vec<&'static str>,
    /// The payout sheet and the season's table.
    pub payout: &'static str,
    pub payout_subtitle: &'static str,
    pub payout_credit: &'static str,
    pub payout_prizes: &'static str,
    pub payout_raffle: &'static str,
    pub payout_tied: &'static str,
    pub payout_received: &'static str,
    pub payout_paid: &'static str,
    pub payout_pool: &'static str,
    pub payout_item: &'static str,
    pub payout_item_pool: &'static str,
    pub payout_item_short: &'static str,
    pub payout_raffle_seed: &'static str,
    pub payout_raffle_pending: &'static str,
    /// Raffle prizes nobody was drawn for: {{prizes}}, {{entrants}}.
    pub payout_raffle_undrawn: &'static str,
    pub payout_none: &'static str,
    pub season: &'static str,
    pub season_subtitle: &'static str,
    pub season_events_played: &'static str,
    pub season_best: &'static str,
    pub season_counted: &'static str,
    pub season_unranked: &'static str,
    pub season_no_head_to_head: &'static str,
    pub season_unfinished: &'static str,
    pub deck_checks: &'static str,
    pub deck_checks_players: &'static str,
    pub deck_checks_extension: &'static str,
    pub deck_checks_seed: &'static str,
    pub deck_checks_none: &'static str,
    /// The door's QR poster: its title, and how to enter, line by line.
    pub door_poster: &'static str,
    pub door_poster_scan: Vec<&'static str>,
    /// "Round {{number}}" / "第{{number}}回戦".
    pub round_title: &'static str,
    /// The standings' subtitle: "{{what}} — after round {{round}}".
    pub standings_subtitle: &'static str,
    /// The score card's header fields, in pairs.
    pub score_card_fields: Vec<&'static str>,
    pub score_card_opponent: &'static str,
    pub score_card_initials: &'static str,
    pub score_card_mp: &'static str,
    pub score_card_total: &'static str,
    pub score_card_totals: &'static str,
    pub deck_verification: &'static str,
}

/// The `print` section of a catalogue.
#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
struct PrintWords {
    labels: Labels,
    /// Tiebreaker id → [column heading, legend line]; `other` for an id without words.
    tiebreakers: BTreeMap<String, [String; 2]>,
    #[serde(rename = "round-names")]
    round_names: BTreeMap<String, String>,
    #[serde(rename = "bracket-parts")]
    bracket_parts: BTreeMap<String, String>,
    #[serde(rename = "bracket-caption")]
    bracket_caption: String,
    #[serde(rename = "drawn-mark")]
    drawn_mark: String,
}

#[derive(Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
struct Locale {
    print: PrintWords,
}

fn words(language: Language) -> &'static PrintWords {
    static CELLS: [OnceLock<PrintWords>; Language::ALL.len()] =
        [const { OnceLock::new() }; Language::ALL.len()];
    CELLS[language.index()].get_or_init(|| {
        let locale: Locale = serde_json::from_str(catalogue::source(language))
            // The catalogue is embedded at build time and every language is loaded by this
            // module's tests, so a build that passed them cannot fail here.
            .expect("the embedded catalogue has a complete print section");
        locale.print
    })
}

pub fn labels(language: Language) -> &'static Labels {
    &words(language).labels
}

/// `template` with each `{{name}}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_string(), |text, (name, value)| {
            text.replace(&format!("{{{{{name}}}}}"), value)
        })
}

/// A bracket round's name (`final`, `semifinal`, `quarterfinal`, `round-of-16`, …).
pub fn round_name(language: Language, label: &str) -> String {
    let names = &words(language).round_names;
    match (names.get(label), label.strip_prefix("round-of-")) {
        (Some(name), _) => name.clone(),
        (None, Some(n)) => fill(
            names.get("round-of").map_or("{{n}}", String::as_str),
            &[("n", n)],
        ),
        (None, None) => label.to_string(),
    }
}

/// A double-elimination match's caption: "Bracket 3 · upper bracket" / "ブラケット3・勝者側".
pub fn bracket_caption(language: Language, number: u32, part: Part) -> String {
    let words = words(language);
    let part = words
        .bracket_parts
        .get(part.id())
        .map_or(part.id(), String::as_str);
    fill(
        &words.bracket_caption,
        &[("number", &number.to_string()), ("part", part)],
    )
}

/// A tiebreaker's column heading (short, so it is never cut) and its legend line, which
/// says in words what the number means.
pub fn tiebreaker(language: Language, id: &str) -> (&'static str, &'static str) {
    let tiebreakers = &words(language).tiebreakers;
    match tiebreakers.get(id).or_else(|| tiebreakers.get("other")) {
        Some([heading, legend]) => (heading, legend),
        None => ("—", "—"),
    }
}

/// The legend of the standings' rank mark.
pub fn drawn_mark(language: Language) -> &'static str {
    &words(language).drawn_mark
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_printed_words() {
        for language in Language::ALL {
            let l = labels(*language);
            assert!(!l.round.is_empty() && l.ticket_scan.len() == 3);
            assert_eq!(l.score_card_fields.len(), 6);
            for id in [
                "match-win",
                "opp-match-win",
                "head-to-head",
                "game-wins",
                "unknown-id",
            ] {
                let (heading, legend) = tiebreaker(*language, id);
                assert!(!heading.is_empty() && legend.starts_with(heading), "{id}");
            }
        }
    }

    #[test]
    fn round_names_and_captions_fill_their_places() {
        assert_eq!(round_name(Language::En, "round-of-16"), "Round of 16");
        assert_eq!(round_name(Language::Ja, "round-of-16"), "16強");
        assert_eq!(round_name(Language::Ja, "final"), "決勝");
        assert_eq!(
            bracket_caption(Language::En, 3, Part::Upper),
            "Bracket 3 · upper bracket"
        );
        assert_eq!(
            bracket_caption(Language::Ja, 7, Part::Reset),
            "ブラケット7・グランドファイナル再戦"
        );
        assert_eq!(
            fill(labels(Language::Ja).round_title, &[("number", "3")]),
            "第3回戦"
        );
    }
}
