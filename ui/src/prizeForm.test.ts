import { describe, expect, it } from 'vitest';

import { emptyForm, formFromToml, formToToml, NotAForm, PRESETS, presetForm } from './prizeForm';

const DOCS_EXAMPLE = `currency = "JPY"
pool = 10000
ties = "shared"
participation = 100
place = [{ down_to = 1, amount = 3000 }, { down_to = 2, amount = 2000 },
         { down_to = 4, amount = 1000 }, { down_to = 8, amount = 300 }]
record = [{ record = "3-0", amount = 2500 }, { record = "2-1", amount = 1000 }]

[[items]]
name = "booster pack"
per_entrants = 4
place = [{ down_to = 1, count = 3 }, { down_to = 4, count = 1 }]
participation = 0

[raffle]
prizes = ["playmat", "sleeves"]
only_without_prize = true
`;

describe('the prize form', () => {
  it('reads every field of the documented example', () => {
    const form = formFromToml(DOCS_EXAMPLE);
    expect(form.currency).toBe('JPY');
    expect(form.pool).toBe(10000);
    expect(form.ties).toBe('shared');
    expect(form.participation).toBe(100);
    expect(form.place).toEqual([
      { downTo: 1, amount: 3000 },
      { downTo: 2, amount: 2000 },
      { downTo: 4, amount: 1000 },
      { downTo: 8, amount: 300 },
    ]);
    expect(form.record).toEqual([
      { record: '3-0', amount: 2500 },
      { record: '2-1', amount: 1000 },
    ]);
    expect(form.items).toEqual([
      { name: 'booster pack', pool: { kind: 'per-entrants', per: 4 }, place: [{ downTo: 1, amount: 3 }, { downTo: 4, amount: 1 }], participation: 0 },
    ]);
    expect(form.raffle).toEqual(['playmat', 'sleeves']);
    expect(form.raffleOnlyWithoutPrize).toBe(true);
  });

  it('writes TOML that reads back as the same form', () => {
    const form = formFromToml(DOCS_EXAMPLE);
    const written = formToToml(form);
    expect(formFromToml(written)).toEqual(form);
    // Item ladders are written with the engine's item word.
    expect(written).toContain('count = 3');
  });

  it('leaves out what is empty: blank rows, unnamed items, no raffle', () => {
    const form = emptyForm('EUR');
    form.place = [{ downTo: 0, amount: 100 }];
    form.items = [{ name: '  ', pool: { kind: 'none' }, place: [], participation: 0 }];
    form.raffle = [' '];
    expect(formToToml(form).trim()).toBe('currency = "EUR"\nties = "standings"');
  });

  it('keeps names in any script and quotes them', () => {
    const form = emptyForm('円');
    form.raffle = ['プレイマット "限定"', 'Коврик'];
    expect(formFromToml(formToToml(form)).raffle).toEqual(form.raffle);
  });

  it('leaves to the text box what the form cannot hold', () => {
    expect(() => formFromToml('ties = "standings"\nbonus = 3\n')).toThrow(NotAForm);
    expect(() => formFromToml('ties = "coin-flip"\n')).toThrow(NotAForm);
    expect(() => formFromToml('ties = "standings"\npool = -5\n')).toThrow(NotAForm);
    expect(() => formFromToml('[[items]]\nname = "pack"\ncount = 3\nper_entrants = 4\n')).toThrow(NotAForm);
  });

  it('gives each preset rules that read back', () => {
    for (const preset of PRESETS) {
      const form = presetForm(preset, { players: 24, rounds: 5, currency: 'JPY' }, 'Booster pack');
      expect(formFromToml(formToToml(form))).toEqual(form);
    }
  });

  it('gives the top half a pack from a pool of one per four entrants', () => {
    const form = presetForm('packs-top-half', { players: 24, rounds: 5, currency: 'JPY' }, 'Booster pack');
    expect(form.items[0]?.pool).toEqual({ kind: 'per-entrants', per: 4 });
    expect(form.items[0]?.place).toEqual([{ downTo: 12, amount: 1 }]);
  });

  it('pays credit by match wins for every record the rounds give', () => {
    const form = presetForm('credit-by-points', { players: 24, rounds: 3, currency: 'JPY' }, 'pack');
    expect(form.record).toEqual([
      { record: '3-0', amount: 300 },
      { record: '2-1', amount: 200 },
      { record: '1-2', amount: 100 },
    ]);
  });

  it('splits a top-four pool into shares that add up to it', () => {
    const form = presetForm('credit-top-four', { players: 9, rounds: 4, currency: 'JPY' }, 'pack');
    const paid = (form.place[0]?.amount ?? 0) + (form.place[1]?.amount ?? 0) + 2 * (form.place[2]?.amount ?? 0);
    expect(paid).toBeLessThanOrEqual(form.pool ?? 0);
    expect(form.pool).toBe(4500);
  });
});
