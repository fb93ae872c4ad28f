// The season rules as a form: the same rules docs/seasons.md writes in TOML (name, placing
// points, points per win and draw, participation, field bonus, best N, minimums and the
// tiebreakers in order), read from the TOML and written back to it. Pure: no DOM. Rules the
// form cannot hold are left to the "Advanced" text box, as the prize form does.
import { parse, stringify } from 'smol-toml';

import { NotAForm, only, type Table, tables as rows, whole } from './tomlForm';

export const TIEBREAKERS = ['best-finish', 'events-played', 'wins', 'head-to-head'] as const;
export type Tiebreaker = (typeof TIEBREAKERS)[number];

export interface PlacingRow {
  downTo: number;
  points: number;
  /** The event needs at least this many players for the row (0: any). */
  minPlayers: number;
}

export interface BonusRow {
  minPlayers: number;
  points: number;
}

export interface SeasonForm {
  name: string;
  /** Only each player's best N events count; `null`: all count. */
  best: number | null;
  minEvents: number;
  /** Each player's worst results left out once the season has `dropFrom` events; 0: none. */
  dropWorst: number;
  dropFrom: number;
  minPlayers: number;
  participation: number;
  perWin: number;
  perDraw: number;
  placing: PlacingRow[];
  fieldBonus: BonusRow[];
  /** The tiebreakers in use, in order. */
  tiebreakers: Tiebreaker[];
  /** Which shops' shared events count, by fingerprint (docs/exchange.md); empty: all. */
  shops: string[];
}

export function emptySeason(name = ''): SeasonForm {
  return { name, best: null, dropWorst: 0, dropFrom: 0, minEvents: 0, minPlayers: 0, participation: 0, perWin: 0, perDraw: 0, placing: [], fieldBonus: [], tiebreakers: [], shops: [] };
}

/** Reads season rules' TOML into the form; throws `NotAForm` (or the parser's error). */
export function seasonFromToml(source: string): SeasonForm {
  const root = parse(source) as Table;
  only(root, ['name', 'best', 'drop_worst', 'drop_from', 'min_events', 'min_players', 'participation', 'per_win', 'per_draw', 'placing', 'field_bonus', 'tiebreakers', 'shops'], 'season');
  if (typeof (root.name ?? '') !== 'string') throw new NotAForm('name');
  const form = emptySeason((root.name as string | undefined) ?? '');
  form.best = root.best === undefined ? null : whole(root.best, 'best');
  form.dropWorst = root.drop_worst === undefined ? 0 : whole(root.drop_worst, 'drop_worst');
  form.dropFrom = root.drop_from === undefined ? 0 : whole(root.drop_from, 'drop_from');
  form.minEvents = root.min_events === undefined ? 0 : whole(root.min_events, 'min_events');
  form.minPlayers = root.min_players === undefined ? 0 : whole(root.min_players, 'min_players');
  form.participation = root.participation === undefined ? 0 : whole(root.participation, 'participation', true);
  form.perWin = root.per_win === undefined ? 0 : whole(root.per_win, 'per_win', true);
  form.perDraw = root.per_draw === undefined ? 0 : whole(root.per_draw, 'per_draw', true);
  form.placing = rows(root.placing, 'placing').map((row) => {
    only(row, ['down_to', 'points', 'min_players'], 'placing');
    return { downTo: whole(row.down_to, 'placing'), points: whole(row.points, 'placing', true), minPlayers: row.min_players === undefined ? 0 : whole(row.min_players, 'placing') };
  });
  form.fieldBonus = rows(root.field_bonus, 'field_bonus').map((row) => {
    only(row, ['min_players', 'points'], 'field_bonus');
    return { minPlayers: whole(row.min_players, 'field_bonus'), points: whole(row.points, 'field_bonus', true) };
  });
  const tiebreakers = root.tiebreakers ?? [];
  if (!Array.isArray(tiebreakers) || !tiebreakers.every((name) => TIEBREAKERS.includes(name as Tiebreaker))) throw new NotAForm('tiebreakers');
  if (new Set(tiebreakers).size !== tiebreakers.length) throw new NotAForm('tiebreakers');
  form.tiebreakers = tiebreakers as Tiebreaker[];
  const shops = root.shops ?? [];
  if (!Array.isArray(shops) || !shops.every((shop) => typeof shop === 'string')) throw new NotAForm('shops');
  form.shops = shops as string[];
  return form;
}

/** Fingerprints as typed (one per line, or separated by commas), blank ones left out. */
export function shopsOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((shop) => shop.trim())
    .filter((shop) => shop !== '');
}

/** Writes the form as the TOML the engine reads; zeros and empty rows are left out. */
export function seasonToToml(form: SeasonForm): string {
  const root: Table = { name: form.name.trim() };
  if (form.best !== null) root.best = form.best;
  const numbers: [string, number][] = [
    ['drop_worst', form.dropWorst],
    ['drop_from', form.dropWorst > 0 ? form.dropFrom : 0],
    ['min_events', form.minEvents],
    ['min_players', form.minPlayers],
    ['participation', form.participation],
    ['per_win', form.perWin],
    ['per_draw', form.perDraw],
  ];
  for (const [key, value] of numbers) if (value !== 0) root[key] = value;
  const placing = form.placing
    .filter((row) => row.downTo > 0)
    .map((row) => ({ down_to: row.downTo, points: row.points, ...(row.minPlayers > 0 ? { min_players: row.minPlayers } : {}) }));
  if (placing.length > 0) root.placing = placing;
  const bonus = form.fieldBonus.filter((row) => row.minPlayers > 0).map((row) => ({ min_players: row.minPlayers, points: row.points }));
  if (bonus.length > 0) root.field_bonus = bonus;
  if (form.tiebreakers.length > 0) root.tiebreakers = [...form.tiebreakers];
  if (form.shops.length > 0) root.shops = [...form.shops];
  return `${stringify(root)}\n`;
}
