// The prize rules as a form: the same rules docs/prizes.md writes in TOML, held as plain
// fields the Prizes screen edits, read from the TOML and written back to it (the TOML stays
// the event's record and the engine's input; the form is a way to write it). Pure: no DOM.
// Rules the form cannot hold (a key it does not know) are left to the "Advanced" text box.
import { parse, stringify } from 'smol-toml';

import { isTable, list, NotAForm, only, type Table, text, whole } from './tomlForm';

export { NotAForm } from './tomlForm';

export type TieRule = 'shared' | 'hort' | 'standings';
export const TIE_RULES: readonly TieRule[] = ['standings', 'shared', 'hort'];

/** A ladder row: places 1 to `downTo` reach it; the best row a place reaches pays. */
export interface LadderRow {
  downTo: number;
  amount: number;
}

export interface RecordRow {
  record: string;
  amount: number;
}

/** Where an item's pool comes from: no limit, a fixed count, or one per N entrants. */
export type ItemPool = { kind: 'none' } | { kind: 'count'; count: number } | { kind: 'per-entrants'; per: number };

export interface ItemForm {
  name: string;
  pool: ItemPool;
  place: LadderRow[];
  participation: number;
}

export interface PrizeForm {
  currency: string;
  /** The credit available; `null`: no limit named. */
  pool: number | null;
  ties: TieRule;
  participation: number;
  place: LadderRow[];
  record: RecordRow[];
  items: ItemForm[];
  /** Door prizes; an empty list: no raffle. */
  raffle: string[];
  raffleOnlyWithoutPrize: boolean;
}

export function emptyForm(currency = 'JPY'): PrizeForm {
  return { currency, pool: null, ties: 'standings', participation: 0, place: [], record: [], items: [], raffle: [], raffleOnlyWithoutPrize: false };
}

/** A ladder's rows; `count` is the engine's other name for `amount`. */
function ladder(value: unknown, where: string): LadderRow[] {
  return list(value, where).map((row) => {
    if (!isTable(row)) throw new NotAForm(where);
    only(row, ['down_to', 'amount', 'count'], where);
    return { downTo: whole(row.down_to, where), amount: whole(row.amount ?? row.count, where) };
  });
}

/** Reads prize rules' TOML into the form; throws `NotAForm` (or the parser's error). */
export function formFromToml(source: string): PrizeForm {
  const root = parse(source) as Table;
  only(root, ['currency', 'pool', 'ties', 'participation', 'place', 'record', 'items', 'raffle'], 'rules');
  const ties = root.ties ?? 'standings';
  if (!TIE_RULES.includes(ties as TieRule)) throw new NotAForm('ties');
  const form = emptyForm(root.currency === undefined ? '' : text(root.currency, 'currency'));
  form.pool = root.pool === undefined ? null : whole(root.pool, 'pool');
  form.ties = ties as TieRule;
  form.participation = root.participation === undefined ? 0 : whole(root.participation, 'participation');
  form.place = ladder(root.place, 'place');
  form.record = list(root.record, 'record').map((row) => {
    if (!isTable(row)) throw new NotAForm('record');
    only(row, ['record', 'amount'], 'record');
    return { record: text(row.record, 'record'), amount: whole(row.amount, 'record') };
  });
  form.items = list(root.items, 'items').map((item) => {
    if (!isTable(item)) throw new NotAForm('items');
    only(item, ['name', 'count', 'per_entrants', 'place', 'participation'], 'items');
    const pool: ItemPool =
      item.count !== undefined && item.per_entrants === undefined
        ? { kind: 'count', count: whole(item.count, 'count') }
        : item.per_entrants !== undefined && item.count === undefined
          ? { kind: 'per-entrants', per: whole(item.per_entrants, 'per_entrants') }
          : item.count === undefined
            ? { kind: 'none' }
            : (() => {
                throw new NotAForm('items');
              })();
    return {
      name: text(item.name ?? '', 'name'),
      pool,
      place: ladder(item.place, 'items.place'),
      participation: item.participation === undefined ? 0 : whole(item.participation, 'participation'),
    };
  });
  if (root.raffle !== undefined) {
    if (!isTable(root.raffle)) throw new NotAForm('raffle');
    only(root.raffle, ['prizes', 'only_without_prize'], 'raffle');
    form.raffle = list(root.raffle.prizes, 'raffle').map((prize) => text(prize, 'raffle'));
    const onlyWithout = root.raffle.only_without_prize ?? false;
    if (typeof onlyWithout !== 'boolean') throw new NotAForm('raffle');
    form.raffleOnlyWithoutPrize = onlyWithout;
  }
  return form;
}

/** Writes the form as the TOML the engine reads; empty rows and blank names are left out. */
export function formToToml(form: PrizeForm): string {
  const rows = (ladder: LadderRow[], key: 'amount' | 'count') =>
    ladder.filter((row) => row.downTo > 0).map((row) => ({ down_to: row.downTo, [key]: row.amount }));
  const root: Table = { currency: form.currency, ties: form.ties };
  if (form.pool !== null) root.pool = form.pool;
  if (form.participation > 0) root.participation = form.participation;
  const place = rows(form.place, 'amount');
  if (place.length > 0) root.place = place;
  const record = form.record.filter((row) => row.record.trim() !== '').map((row) => ({ record: row.record.trim(), amount: row.amount }));
  if (record.length > 0) root.record = record;
  const items = form.items
    .filter((item) => item.name.trim() !== '')
    .map((item) => {
      const table: Table = { name: item.name.trim() };
      if (item.pool.kind === 'count') table.count = item.pool.count;
      if (item.pool.kind === 'per-entrants') table.per_entrants = item.pool.per;
      const place = rows(item.place, 'count');
      if (place.length > 0) table.place = place;
      if (item.participation > 0) table.participation = item.participation;
      return table;
    });
  if (items.length > 0) root.items = items;
  const raffle = form.raffle.map((prize) => prize.trim()).filter((prize) => prize !== '');
  if (raffle.length > 0) root.raffle = { prizes: raffle, only_without_prize: form.raffleOnlyWithoutPrize };
  return `${stringify(root)}\n`;
}

/** What a preset is given: the event as it stands. */
export interface PresetContext {
  /** Players in the event (registered and still playing, or the field of round 1). */
  players: number;
  /** Swiss rounds planned (0: not set yet). */
  rounds: number;
  currency: string;
}

export const PRESETS = ['packs-top-half', 'credit-by-points', 'credit-top-four'] as const;
export type Preset = (typeof PRESETS)[number];

/**
 * A preset's rules for the event, a start the owner edits:
 * - `packs-top-half`: a pack per 4 entrants, one to each of the top half;
 * - `credit-by-points`: store credit per match win (wins × 100 for every record R rounds give);
 * - `credit-top-four`: a 50/30/10/10 credit ladder over a pool of 500 per player.
 */
export function presetForm(preset: Preset, context: PresetContext, name: string): PrizeForm {
  const form = emptyForm(context.currency);
  const half = Math.max(1, Math.floor(context.players / 2));
  switch (preset) {
    case 'packs-top-half':
      form.items = [{ name, pool: { kind: 'per-entrants', per: 4 }, place: [{ downTo: half, amount: 1 }], participation: 0 }];
      return form;
    case 'credit-by-points': {
      const rounds = Math.max(1, context.rounds);
      for (let wins = rounds; wins >= 1; wins--) form.record.push({ record: `${wins}-${rounds - wins}`, amount: wins * 100 });
      return form;
    }
    case 'credit-top-four': {
      const pool = Math.max(1, context.players) * 500;
      form.pool = pool;
      const share = (percent: number) => Math.floor((pool * percent) / 100);
      form.place = [
        { downTo: 1, amount: share(50) },
        { downTo: 2, amount: share(30) },
        { downTo: 4, amount: share(10) },
      ];
      return form;
    }
  }
}
