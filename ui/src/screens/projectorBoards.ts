// The projector's pairings and standings boards: the round's pairings by player name (what
// a shop posts on the wall, so each player finds their own line) and the standings' top,
// both in columns that fill a wide screen. Pure shapes first (tested), then their drawing.
import type { PairingsView } from '../bindings/PairingsView';
import type { RoomDeck } from '../bindings/RoomDeck';
import type { StandingsView } from '../bindings/StandingsView';
import { h } from '../dom';
import { t } from '../i18n';

/** One player's line on the posted pairings. */
export interface PostedLine {
  name: string;
  player: number;
  /** The table, or `null` for a bye or a late entry's loss. */
  table: number | null;
  /** Who they play (`null` at a bye). */
  opponent: string | null;
  /** The table's seat letter this player sits at ('A' or 'B'). */
  seat: 'A' | 'B' | null;
}

/** Every player of the round once, by name in the language's order, then by number. */
export function pairingsByName(view: PairingsView, locale: string): PostedLine[] {
  const lines: PostedLine[] = [];
  for (const table of view.tables) {
    lines.push({ name: table.a.name, player: table.a.player, table: table.table, opponent: table.b.name, seat: 'A' });
    lines.push({ name: table.b.name, player: table.b.player, table: table.table, opponent: table.a.name, seat: 'B' });
  }
  for (const seat of [...view.byes, ...view.late_entry_losses]) lines.push({ name: seat.name, player: seat.player, table: null, opponent: null, seat: null });
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return lines.sort((x, y) => collator.compare(x.name, y.name) || x.player - y.player);
}

export function pairingsBoard(view: PairingsView, locale: string): HTMLElement {
  return h(
    'ol',
    { class: 'projector-board', 'data-testid': 'projector-pairings-list' },
    ...pairingsByName(view, locale).map((line) =>
      h(
        'li',
        { 'data-testid': 'projector-pairing' },
        h('span', { class: 'table' }, line.table === null ? '—' : String(line.table)),
        h('span', { class: 'name' }, line.name),
        h('span', { class: 'opponent' }, line.opponent === null ? t('projector.bye') : t('projector.versus', { name: line.opponent })),
      ),
    ),
  );
}

/** The standings' first rows (the screen holds about this many in its columns). */
export const STANDINGS_ON_SCREEN = 64;

/** The standings' top, each player's deck beside their name once the organizer reveals
 * the decks (`decks`: the room's, `null` while hidden). */
export function standingsBoard(view: StandingsView, decks: RoomDeck[] | null = null): HTMLElement {
  const deckOf = new Map((decks ?? []).map((deck) => [deck.number, deck.deck]));
  return h(
    'ol',
    { class: 'projector-board', 'data-testid': 'projector-standings-list' },
    ...view.rows.slice(0, STANDINGS_ON_SCREEN).map((row) =>
      h(
        'li',
        { 'data-testid': 'projector-standing' },
        h('span', { class: 'table' }, String(row.rank)),
        h('span', { class: 'name' }, row.name, deckOf.has(row.player) ? h('small', { class: 'deck', 'data-testid': 'projector-deck' }, ` ${deckOf.get(row.player)}`) : null),
        h('span', { class: 'opponent' }, `${row.points} · ${t('standings.wld', { wins: row.wins, losses: row.losses, draws: row.draws })}`),
      ),
    ),
  );
}
