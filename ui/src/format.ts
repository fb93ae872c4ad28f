// Turns view data into words for people: results, player status, the header line, times
// and file paths.
import { decimal, has, t } from './i18n';
import { interfaceLanguage, say, word } from './i18n/messages';
import type { Language } from './bindings/Language';
import type { EventView, PlayerView, TableView } from './types';
import { labelOf, RESULT_KINDS, STAGES } from './vocabulary';

type Result = NonNullable<TableView['result']>;

/** "2-1" (or "1-1-1" with drawn games) when the result has a game score. */
export function gameScore(result: Result): string | null {
  const games = result.games;
  if (!games) return null;
  return games.draws > 0 ? `${games.a}-${games.b}-${games.draws}` : `${games.a}-${games.b}`;
}

/** A team match's seats in words: "A, B, draw". */
function teamSeats(seats: readonly string[]): string {
  return seats.map((seat) => (has(`result.seats.${seat}`) ? t(`result.seats.${seat}`) : seat)).join(t('result.seatSeparator'));
}

/** A table's result in words, naming the winner; "—" while it has none. */
export function describeResult(table: TableView): string {
  const result = table.result;
  if (!result) return t('result.none');
  const seats = [table.a, table.b];
  const bySide = result.winner === 'a' ? table.a : result.winner === 'b' ? table.b : undefined;
  const winner = bySide ?? seats.find((seat) => seat.outcome === 'win');
  const loser = seats.find((seat) => seat !== winner && seat.outcome === 'loss');
  const score = gameScore(result);
  const kind = result.kind;
  switch (kind) {
    case 'win':
      return score ? t('result.winScore', { name: winner?.name ?? '', score }) : t('result.win', { name: winner?.name ?? '' });
    case 'draw':
      return score ? t('result.drawScore', { score }) : t('result.draw');
    case 'double-loss':
      return t('result.doubleLoss');
    case 'double-win':
      return t('result.doubleWin');
    case 'default':
      return t('result.default', { name: winner?.name ?? '' });
    case 'penalty':
      return t('result.penalty', { name: loser?.name ?? '' });
    case 'team': {
      const list = teamSeats(result.seats ?? []);
      return winner ? t('result.teamWin', { name: winner.name, seats: list }) : t('result.teamDraw', { seats: list });
    }
    case 'bye':
    case 'late-entry-loss':
    case 'withdrawn-bye':
      return labelOf(RESULT_KINDS, kind);
    default:
      return say(result.summary);
  }
}

export function playerStatus(player: PlayerView): string {
  if (player.disqualified) return t('player.disqualified');
  if (player.status === 'dropped') {
    const when = player.drop ? word(`drop.${player.drop}`, player.drop.replace('-', ' ')) : null;
    const dropped = t('player.droppedAfter', { round: player.dropped_after_round ?? 0 });
    return when ? `${dropped} (${when})` : dropped;
  }
  return t('player.active');
}

/** "Friday Digimon · Bandai · Round 2 of 4 · Swiss rounds" for the header. */
export function eventLine(event: EventView, rulesetName: string): string {
  // In the top cut the bracket round is what is played: "Top 8 · Semifinals".
  if (event.stage === 'cut' && event.cut_size && event.bracket_round) {
    return [event.name, rulesetName, t('event.topCut', { size: event.cut_size }), bracketLabel(event.bracket_round)].join(' · ');
  }
  const rounds =
    event.rounds_paired === 0
      ? event.planned_rounds > 0
        ? t('event.roundsPlanned', { count: event.planned_rounds })
        : t('event.notPaired')
      : event.planned_rounds > 0
        ? t('event.roundOf', { round: event.rounds_paired, planned: event.planned_rounds })
        : t('event.roundOnly', { round: event.rounds_paired });
  return [event.name, rulesetName, rounds, labelOf(STAGES, event.stage)].join(' · ');
}

/** "14:05" from an RFC 3339 time as the history stores it. */
export function clockTime(recordedAt: string): string {
  return recordedAt.slice(11, 16);
}

/**
 * An RFC 3339 time's date and time as `language` writes them, exactly as the printouts'
 * footers do (`Language::date_time` in crates/words/src/language.rs; both run the `dates`
 * vectors of crates/words/locales/render-vectors.json): "2026-11-22 14:05" in English and
 * Japanese, "22/11/2026 14:05" in French, "2026. 11. 22. 오후 2:05" in Korean.
 */
export function dateTime(recordedAt: string, language: Language = interfaceLanguage()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(recordedAt);
  if (!match) return recordedAt;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const two = (n: number) => String(n).padStart(2, '0');
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  switch (language) {
    case 'fr':
    case 'es':
    case 'it':
      return `${two(day)}/${two(month)}/${year} ${two(hour)}:${two(minute)}`;
    case 'de':
      return `${two(day)}.${two(month)}.${year}, ${two(hour)}:${two(minute)}`;
    case 'ko':
      return `${year}. ${month}. ${day}. ${hour < 12 ? '오전' : '오후'} ${twelve}:${two(minute)}`;
    case 'zh-Hant':
      return `${year}/${month}/${day} ${hour < 12 ? '上午' : '下午'}${twelve}:${two(minute)}`;
    default:
      return `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}`;
  }
}

/** `folder` + `name` with the folder's own separator (Windows or POSIX). */
export function joinPath(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}

/** A file size in words: "12 KB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return t('common.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return t('common.kilobytes', { size: Math.round(bytes / 1024) });
  return t('common.megabytes', { size: decimal((bytes / (1024 * 1024)).toFixed(1)) });
}

/** "Semifinal" for a bracket round label such as `semifinal`; unknown labels as they are. */
export function bracketLabel(label: string): string {
  const ofN = /^round-of-(\d+)$/.exec(label);
  if (has(`cut.labels.${label}`)) return t(`cut.labels.${label}`);
  return ofN ? t('cut.labels.round-of-n', { players: ofN[1] }) : label;
}

/**
 * A name as people type it, for finding a player by a fragment: full-width forms, case,
 * spaces and katakana/hiragana do not matter (the phones' page folds the same way).
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}
