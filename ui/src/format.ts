// Turns view data into words for people: results, player status, the header line, times
// and file paths.
import { has, t } from './i18n';
import type { EventView, PlayerView, TableView } from './types';

/** A table's result in words, naming the winner; "—" style text while it has none. */
export function describeResult(table: TableView): string {
  const result = table.result;
  if (!result) return t('result.none');
  const winner = [table.a, table.b].find((seat) => seat.outcome === 'win');
  const loser = [table.a, table.b].find((seat) => seat.outcome === 'loss');
  const score = /^\d/.test(result.summary) ? result.summary : null;
  switch (result.kind) {
    case 'win':
      return score
        ? t('result.winScore', { name: winner?.name ?? '', score })
        : t('result.win', { name: winner?.name ?? '' });
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
    default:
      return result.summary;
  }
}

/** What a typed result means for this table, for the preview line before Enter. */
export function describeEntry(table: TableView, result: string): string {
  switch (result) {
    case 'a':
      return t('result.win', { name: table.a.name });
    case 'b':
      return t('result.win', { name: table.b.name });
    case 'draw':
      return t('result.draw');
    case 'dl':
      return t('result.doubleLoss');
    case 'noshow-a':
      return t('result.default', { name: table.b.name });
    case 'noshow-b':
      return t('result.default', { name: table.a.name });
    default: {
      const [a = 0, b = 0] = result.split('-').map(Number);
      if (a === b) return t('result.drawScore', { score: result });
      return t('result.winScore', { name: a > b ? table.a.name : table.b.name, score: result });
    }
  }
}

/** "Semifinal" for a bracket round label such as `semifinal`; unknown labels as they are. */
export function bracketLabel(label: string): string {
  return has(`cut.labels.${label}`) ? t(`cut.labels.${label}`) : label;
}

export function playerStatus(player: PlayerView): string {
  if (player.disqualified) return t('player.disqualified');
  if (player.status === 'dropped') return t('player.droppedAfter', { round: player.dropped_after_round ?? 0 });
  return t('player.active');
}

/** "Friday Digimon · Bandai · Round 2 of 4 · Swiss rounds" for the header. */
export function eventLine(event: EventView, rulesetName: string): string {
  const rounds =
    event.planned_rounds > 0
      ? t('event.roundOf', { round: event.rounds_paired, planned: event.planned_rounds })
      : t('event.roundsNotSet', { round: event.rounds_paired });
  return [event.name, rulesetName, rounds, t(`stage.${event.stage}`)].join(' · ');
}

/** "14:05" from an RFC 3339 time as the history stores it. */
export function clockTime(recordedAt: string): string {
  return recordedAt.slice(11, 16);
}

/** `folder` + `name` with the folder's own separator (Windows or POSIX). */
export function joinPath(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}
