// Reading rules' TOML into a form (the prize and season forms): each value checked for the
// shape the form can hold, anything else refused with `NotAForm` so the text stays as
// written under "Advanced" (the engine is still the judge of the rules). Pure: no DOM.

/** Why a text cannot be shown as the form (it may still be valid rules: the engine decides). */
export class NotAForm extends Error {}

export type Table = Record<string, unknown>;

export const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refuses a table with a key the form does not know. */
export function only(table: Table, keys: string[], where: string): void {
  const unknown = Object.keys(table).filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new NotAForm(`${where}: ${unknown.join(', ')}`);
}

/** A whole number the form can edit exactly; `signed` allows one below zero. */
export function whole(value: unknown, where: string, signed = false): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || (!signed && value < 0)) throw new NotAForm(where);
  return value;
}

export function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new NotAForm(where);
  return value;
}

/** An array (absent: empty). */
export function list(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new NotAForm(where);
  return value;
}

/** An array of tables (absent: empty). */
export function tables(value: unknown, where: string): Table[] {
  const items = list(value, where);
  if (!items.every(isTable)) throw new NotAForm(where);
  return items;
}
