import { describe, expect, it } from 'vitest';

import { NotAForm } from './prizeForm';
import { emptySeason, seasonFromToml, seasonToToml, shopsOf } from './seasonForm';

const DOCS_EXAMPLE = `name = "Friday locals, winter"
best = 10
drop_worst = 2
drop_from = 8
min_events = 3
min_players = 8
participation = 1
per_win = 3
placing = [{ down_to = 1, points = 20 }, { down_to = 2, points = 16 },
           { down_to = 4, points = 14 }, { down_to = 8, points = 12 },
           { down_to = 32, points = 6, min_players = 129 }]
field_bonus = [{ min_players = 16, points = 2 }, { min_players = 32, points = 4 }]
tiebreakers = ["best-finish", "events-played", "wins", "head-to-head"]
`;

describe('the season form', () => {
  it('reads every field of the documented example', () => {
    const form = seasonFromToml(DOCS_EXAMPLE);
    expect(form.name).toBe('Friday locals, winter');
    expect(form.best).toBe(10);
    expect(form.dropWorst).toBe(2);
    expect(form.dropFrom).toBe(8);
    expect(form.minEvents).toBe(3);
    expect(form.minPlayers).toBe(8);
    expect(form.participation).toBe(1);
    expect(form.perWin).toBe(3);
    expect(form.perDraw).toBe(0);
    expect(form.placing[4]).toEqual({ downTo: 32, points: 6, minPlayers: 129 });
    expect(form.fieldBonus).toEqual([
      { minPlayers: 16, points: 2 },
      { minPlayers: 32, points: 4 },
    ]);
    expect(form.tiebreakers).toEqual(['best-finish', 'events-played', 'wins', 'head-to-head']);
  });

  it('writes TOML that reads back as the same form', () => {
    const form = seasonFromToml(DOCS_EXAMPLE);
    expect(seasonFromToml(seasonToToml(form))).toEqual(form);
  });

  it('keeps which shops count, typed one per line or with commas', () => {
    const form = emptySeason('Kanda league');
    form.shops = shopsOf(' 3F2A-9C41-0B7E-55D2 \n\n81c0-44d9-aa12-0f3e, ');
    expect(form.shops).toEqual(['3F2A-9C41-0B7E-55D2', '81c0-44d9-aa12-0f3e']);
    expect(seasonToToml(form)).toContain('shops = [ "3F2A-9C41-0B7E-55D2", "81c0-44d9-aa12-0f3e" ]');
    expect(seasonFromToml(seasonToToml(form)).shops).toEqual(form.shops);
    expect(() => seasonFromToml('name = "x"\nshops = [1]\n')).toThrow();
  });

  it('keeps negative points (a penalty for a no-show, say) and the tiebreakers in their order', () => {
    const form = emptySeason('リーグ戦 冬');
    form.participation = -1;
    form.tiebreakers = ['wins', 'best-finish'];
    const back = seasonFromToml(seasonToToml(form));
    expect(back.participation).toBe(-1);
    expect(back.tiebreakers).toEqual(['wins', 'best-finish']);
    expect(back.name).toBe('リーグ戦 冬');
  });

  it('leaves to the text box what the form cannot hold', () => {
    expect(() => seasonFromToml('name = "x"\nbonus = 3\n')).toThrow(NotAForm);
    expect(() => seasonFromToml('name = "x"\ntiebreakers = ["coin"]\n')).toThrow(NotAForm);
    expect(() => seasonFromToml('name = "x"\ntiebreakers = ["wins", "wins"]\n')).toThrow(NotAForm);
    expect(() => seasonFromToml('name = "x"\nbest = -1\n')).toThrow(NotAForm);
  });
});
