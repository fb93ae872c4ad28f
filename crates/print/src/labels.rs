//! Every word printed on a sheet, in English and Japanese.

use crate::Language;
use tablekeeper_engine::top_cut::double::Part;

/// The printed words of one language.
pub struct Labels {
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
    pub after_round: &'static str,
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
    pub ticket_scan: &'static [&'static str],
    /// A ticket printed while the event is not shared: the code is typed on the page.
    pub ticket_type: &'static [&'static str],
}

pub fn labels(language: Language) -> &'static Labels {
    match language {
        Language::En => &EN,
        Language::Ja => &JA,
    }
}

/// A bracket round's name (`final`, `semifinal`, `quarterfinal`, `round-of-16`, …).
pub fn round_name(language: Language, label: &str) -> String {
    match (language, label) {
        (Language::En, "final") => "Final".into(),
        (Language::En, "semifinal") => "Semifinals".into(),
        (Language::En, "quarterfinal") => "Quarterfinals".into(),
        (Language::Ja, "final") => "決勝".into(),
        (Language::Ja, "semifinal") => "準決勝".into(),
        (Language::Ja, "quarterfinal") => "準々決勝".into(),
        (Language::En, "double-elimination") => "Double elimination".into(),
        (Language::Ja, "double-elimination") => "ダブルエリミネーション".into(),
        (Language::En, other) => other.replace("round-of-", "Round of "),
        (Language::Ja, other) => format!("{}強", other.trim_start_matches("round-of-")),
    }
}

/// A double-elimination match's caption: "Bracket 3 · upper" / "ブラケット3・勝者側".
pub fn bracket_caption(language: Language, number: u32, part: Part) -> String {
    let part = match (language, part) {
        (Language::En, Part::Upper) => "upper bracket",
        (Language::En, Part::Lower) => "lower bracket",
        (Language::En, Part::GrandFinal) => "grand final",
        (Language::En, Part::Reset) => "grand final replay",
        (Language::Ja, Part::Upper) => "勝者側",
        (Language::Ja, Part::Lower) => "敗者側",
        (Language::Ja, Part::GrandFinal) => "グランドファイナル",
        (Language::Ja, Part::Reset) => "グランドファイナル再戦",
    };
    match language {
        Language::En => format!("Bracket {number} · {part}"),
        Language::Ja => format!("ブラケット{number}・{part}"),
    }
}

const EN: Labels = Labels {
    round: "Round",
    pairings_by_table: "Pairings by table",
    pairings_by_name: "Pairings by name",
    table: "Table",
    tables: "Tables",
    player: "Player",
    opponent: "Opponent",
    points: "Points",
    bye: "BYE",
    late_entry: "Late entry (missed round)",
    seed: "Pairing seed",
    printed: "Printed",
    page: "Page",
    match_slip: "Match slip",
    win: "Win",
    loss: "Loss",
    draw: "Draw",
    games_won: "Games won",
    games_each: "Games 1 2 3 (W/L/D)",
    notes: "Penalties / notes",
    entered: "Entered",
    report_code: "Report code",
    find_your_table: "Find your table on your phone:",
    record_so_far: "Record",
    drop: "Drop",
    signature: "Signature",
    extra_time: "Extra time",
    minutes: "min",
    judge: "Judge",
    id: "ID",
    standings: "Standings",
    after_round: "after round",
    rank: "Rank",
    record: "W-L-D",
    match_win: "Match win",
    dropped: "dropped",
    disqualified: "disqualified",
    breakdown: "Tiebreaker breakdown",
    average: "Opponents' average",
    not_counted: "not counted",
    outcome_win: "won",
    outcome_loss: "lost",
    outcome_draw: "draw",
    bracket: "Top cut bracket",
    champion: "Champion",
    third_place: "Third place",
    to_be_decided: "—",
    score_card: "Score card",
    ticket: "Player ticket — keep it to yourself",
    player_number: "Player no.",
    ticket_scan: &[
        "Scan it with your phone on the shop's Wi-Fi:",
        "your table, and report your results.",
        "Lost it? Ask the scorekeeper for a new one.",
    ],
    ticket_type: &[
        "Open the event page (the QR code on the wall",
        "pairings) and type this code there.",
        "Lost it? Ask the scorekeeper for a new one.",
    ],
    deck_registration: "Deck registration sheet",
    name: "Name",
    deck_name: "Deck",
    card_number: "Card no.",
    card_name: "Card name",
    count: "Qty",
    event: "Event",
    date: "Date",
    result: "Result",
    opponent_signature: "Opponent's signature",
    total: "Total",
    top_cut: "Top cut",
};

const JA: Labels = Labels {
    round: "回戦",
    pairings_by_table: "対戦表（卓番順）",
    pairings_by_name: "対戦表（名前順）",
    table: "卓",
    tables: "卓",
    player: "プレイヤー",
    opponent: "対戦相手",
    points: "勝点",
    bye: "不戦勝（BYE）",
    late_entry: "途中参加（不参加の回戦）",
    seed: "組み合わせシード",
    printed: "印刷",
    page: "ページ",
    match_slip: "結果記入票",
    win: "勝ち",
    loss: "負け",
    draw: "引き分け",
    games_won: "勝ったゲーム数",
    games_each: "各ゲーム 1 2 3（勝/敗/分）",
    notes: "ペナルティ・メモ",
    entered: "入力済み",
    report_code: "報告コード",
    find_your_table: "スマートフォンで自分の卓を確認：",
    record_so_far: "これまでの成績",
    drop: "ドロップ",
    signature: "署名",
    extra_time: "延長時間",
    minutes: "分",
    judge: "ジャッジ",
    id: "ID",
    standings: "順位表",
    after_round: "回戦終了時点",
    rank: "順位",
    record: "勝-敗-分",
    match_win: "勝率",
    dropped: "ドロップ",
    disqualified: "失格",
    breakdown: "タイブレーク内訳",
    average: "対戦相手の平均",
    not_counted: "計算に含めない",
    outcome_win: "勝ち",
    outcome_loss: "負け",
    outcome_draw: "引き分け",
    bracket: "決勝トーナメント表",
    champion: "優勝",
    third_place: "3位決定戦",
    to_be_decided: "—",
    score_card: "スコアカード",
    ticket: "プレイヤーチケット（他の人に見せないでください）",
    player_number: "番号",
    ticket_scan: &[
        "お店のWi-Fiでスマートフォンで読み取ると、",
        "自分の卓の確認と結果の報告ができます。",
        "なくした場合はスコアキーパーへ。",
    ],
    ticket_type: &[
        "イベントのページ（掲示の対戦表のQRコード）を",
        "開き、このコードを入力してください。",
        "なくした場合はスコアキーパーへ。",
    ],
    deck_registration: "デッキ登録用紙",
    name: "氏名",
    deck_name: "デッキ",
    card_number: "カード番号",
    card_name: "カード名",
    count: "枚数",
    event: "大会",
    date: "日付",
    result: "結果",
    opponent_signature: "対戦相手の署名",
    total: "合計",
    top_cut: "決勝トーナメント",
};

/// A tiebreaker's column heading (short, so it is never cut) and its legend line, which
/// says in words what the number means.
pub fn tiebreaker(language: Language, id: &str) -> (&'static str, &'static str) {
    match (language, id) {
        (Language::En, "match-win") => (
            "Match win %",
            "Match win %: matches won ÷ matches played (with the ruleset's minimum)",
        ),
        (Language::En, "opp-match-win") => (
            "Opp. win %",
            "Opp. win %: the average match win % of the player's opponents",
        ),
        (Language::En, "opp-opp-match-win") => (
            "Opp. opp. win %",
            "Opp. opp. win %: the average of the opponents' Opp. win %",
        ),
        (Language::En, "head-to-head") => (
            "Head to head",
            "Head to head: matches won against the players tied with them (— when there was no tie to break)",
        ),
        (Language::En, "sos-drop-lowest") => (
            "Opp. points",
            "Opp. points: the opponents' points added up, the lowest left out",
        ),
        (Language::En, "opp-sos") => (
            "Opp. opp. points",
            "Opp. opp. points: the opponents' own Opp. points added up",
        ),
        (Language::En, "rounds-lost-squared") => (
            "Lost rounds²",
            "Lost rounds²: the squares of the round numbers lost, added up",
        ),
        (Language::En, "game-losses") => (
            "Game losses",
            "Game losses: games lost (fewer ranks higher)",
        ),
        (Language::En, "game-wins") => ("Game wins", "Game wins: games won"),
        (Language::Ja, "match-win") => ("勝率", "勝率：勝った試合数÷試合数（ルールの下限を適用）"),
        (Language::Ja, "opp-match-win") => ("対戦相手勝率", "対戦相手勝率：対戦相手の勝率の平均"),
        (Language::Ja, "opp-opp-match-win") => (
            "相手の相手勝率",
            "相手の相手勝率：対戦相手の「対戦相手勝率」の平均",
        ),
        (Language::Ja, "head-to-head") => (
            "直接対決",
            "直接対決：同点の相手に勝った試合数（同点でなければ—）",
        ),
        (Language::Ja, "sos-drop-lowest") => (
            "相手勝ち点",
            "相手勝ち点：対戦相手の勝ち点の合計（最低の1人を除く）",
        ),
        (Language::Ja, "opp-sos") => (
            "相手の相手勝ち点",
            "相手の相手勝ち点：対戦相手の「相手勝ち点」の合計",
        ),
        (Language::Ja, "rounds-lost-squared") => {
            ("敗北回戦²", "敗北回戦²：負けた回戦の番号の二乗の合計")
        }
        (Language::Ja, "game-losses") => (
            "ゲーム敗北",
            "ゲーム敗北：負けたゲームの数（少ないほど上位）",
        ),
        (Language::Ja, "game-wins") => ("ゲーム勝利", "ゲーム勝利：勝ったゲームの数"),
        (Language::En, _) => ("Tiebreaker", "Tiebreaker: as the ruleset defines it"),
        (Language::Ja, _) => ("タイブレーク", "タイブレーク：ルールの定めによる"),
    }
}

/// The legend of the standings' rank mark.
pub fn drawn_mark(language: Language) -> &'static str {
    match language {
        Language::En => "*: the order of these tied players was decided by a recorded random draw",
        Language::Ja => "*：同点で順位を決められず、記録された抽選で決定",
    }
}
