// Pure parser for the Results screen's keyboard box: "12 1", "12a", "7 2-1", "3 ns2",
// "4 1,2,1" (a team match seat by seat) …
// becomes a table number and a result in the contract's syntax (result_input.rs).

/** Why a typed entry is not a result; the UI translates these codes (resultEntry.errors.*). */
export type ResultEntryError =
  | 'empty'
  | 'missing-table'
  | 'table-zero'
  | 'table-too-large'
  | 'missing-result'
  | 'unknown-result';

/** Highest table number accepted; a longer number is a typing slip. */
export const MAX_TABLE = 9999;

export type ResultEntry =
  | { ok: true; table: number; result: string }
  | { ok: false; error: ResultEntryError };

/** Keys typed after the table number, and the contract's result for each. */
const KEYS: ReadonlyMap<string, string> = new Map([
  ['1', 'a'],
  ['a', 'a'],
  ['2', 'b'],
  ['b', 'b'],
  ['d', 'draw'],
  ['draw', 'draw'],
  ['x', 'dl'],
  ['dl', 'dl'],
  ['ns1', 'noshow-a'],
  ['nsa', 'noshow-a'],
  ['noshow-a', 'noshow-a'],
  ['ns2', 'noshow-b'],
  ['nsb', 'noshow-b'],
  ['noshow-b', 'noshow-b'],
]);

/** A team match, seat by seat: "1,2,1", "a,b,d" (team events; a comma between seats). */
const TEAM = /^[12abdx](?:,[12abdx])+$/;

/** Seat keys of a team match and the contract's word for each. */
const SEATS: Readonly<Record<string, string>> = { '1': 'a', a: 'a', '2': 'b', b: 'b', d: 'draw', x: 'dl' };

/** Game scores such as 2-1, 0-2, 1-1 or 1-1-1 (the third number counts drawn games). */
const SCORE = /^\d{1,2}-\d{1,2}(?:-\d{1,2})?$/;

/** Full-width digits and letters (Japanese input) become ASCII; dash look-alikes become "-". */
function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[ー－−–—]/g, '-')
    .trim()
    .toLowerCase();
}

export function parseResultEntry(text: string): ResultEntry {
  const input = normalize(text);
  if (input === '') return { ok: false, error: 'empty' };
  const match = /^(\d+)\s*(.*)$/.exec(input);
  if (!match) return { ok: false, error: 'missing-table' };
  const table = Number(match[1]);
  const rest = (match[2] ?? '').replace(/\s+/g, '');
  if (table === 0) return { ok: false, error: 'table-zero' };
  if (table > MAX_TABLE) return { ok: false, error: 'table-too-large' };
  if (rest === '') return { ok: false, error: 'missing-result' };
  // \d+ is greedy, so a digit key or score here was typed apart from the table: "121" is table 121.
  const key = KEYS.get(rest) ?? (SCORE.test(rest) ? rest : undefined);
  if (key !== undefined) return { ok: true, table, result: key };
  if (TEAM.test(rest)) {
    return { ok: true, table, result: `team:${rest.split(',').map((seat) => SEATS[seat]).join(',')}` };
  }
  return { ok: false, error: 'unknown-result' };
}
