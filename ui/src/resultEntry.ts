// The Results screen's keyboard box: "12 1", "12a", "7 2-1", "３　２ー１" … split into the
// table number and the rest. The rest is the result, read by the shell's one result grammar
// (crates/commands/src/result_input.rs) through preview_result and record_result; this
// module knows nothing about results.

/** Why a typed entry has no table and result yet; the UI translates these (resultEntry.*). */
export type SplitError = 'empty' | 'missing-table' | 'table-zero' | 'table-too-large' | 'missing-result';

/** Highest table number accepted; a longer number is a typing slip. */
export const MAX_TABLE = 9999;

export type SplitEntry =
  | { ok: true; table: number; result: string }
  /** `table` is there when the number was typed (the result is still missing). */
  | { ok: false; error: SplitError; table?: number };

/** Leading table number (ASCII or full-width digits typed with a Japanese input method). */
const TABLE = /^([0-9０-９]+)([\s\S]*)$/;

export function splitEntry(text: string): SplitEntry {
  const input = text.trim();
  if (input === '') return { ok: false, error: 'empty' };
  const match = TABLE.exec(input);
  if (!match) return { ok: false, error: 'missing-table' };
  const table = Number((match[1] ?? '').normalize('NFKC'));
  const result = (match[2] ?? '').trim();
  if (table === 0) return { ok: false, error: 'table-zero' };
  if (table > MAX_TABLE) return { ok: false, error: 'table-too-large' };
  // The digits are greedy: "121" is table 121 with no result yet.
  if (result === '') return { ok: false, error: 'missing-result', table };
  return { ok: true, table, result };
}
