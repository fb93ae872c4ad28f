// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';

import type { MetaView } from '../bindings/MetaView';
import { initI18n } from '../i18n';
import { heat, metaPicture, percent, pictureOf } from './ratingsMeta';

const VIEW: MetaView = {
  events: 2,
  players: 8,
  top_cut: 4,
  decks: [
    { label: 'Dragon Empire / Overdress', players: 5, share: 625, top_cut: 3, conversion: 600 },
    { label: '', players: 3, share: 375, top_cut: 1, conversion: 333 },
  ],
  matchups: [{ row: 'Dragon Empire / Overdress', column: '', wins: 3, losses: 1, draws: 0, win_rate: 750, interval: [0.3, 0.95] }],
};

describe('the meta picture', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('colours as the printed picture does (crates/print/src/charts.rs)', () => {
    expect(heat(500)).toEqual([255, 255, 255]);
    expect(heat(0)).toEqual([214, 69, 65]);
    expect(heat(1000)).toEqual([46, 160, 90]);
    expect(heat(250)).toEqual([234, 162, 160]);
    expect(heat(-5)).toEqual(heat(0));
  });

  it('shows tenths of a percent', () => {
    expect(percent(625)).toBe('62.5%');
    expect(percent(1000)).toBe('100.0%');
  });

  it('draws a bar per deck and a cell per matchup, unlabelled players named as such', () => {
    const picture = metaPicture(VIEW);
    const decks = [...picture.querySelectorAll('[data-testid=meta-deck]')].map((li) => li.textContent);
    expect(decks[0]).toContain('62.5% · 3 in the top cut');
    expect(decks[1]).toContain('No deck data');
    const cells = [...picture.querySelectorAll('[data-testid=meta-cell]')];
    expect(cells).toHaveLength(1);
    expect(cells[0]?.textContent).toBe('3-1-075.0%');
    expect(cells[0]?.getAttribute('title')).toBe('95% interval: 30–95%');
    expect(picture.querySelector('caption')?.textContent).toContain('hover');
  });

  it('on the projector, where nobody points at a cell, writes the interval in it and says no "hover"', () => {
    const picture = metaPicture(VIEW, { onProjector: true });
    const cell = picture.querySelector('[data-testid=meta-cell]');
    expect(cell?.textContent).toBe('3-1-075.0%30–95%');
    expect(cell?.getAttribute('title')).toBeNull();
    expect(picture.querySelector('caption')?.textContent).not.toContain('hover');
    expect(picture.querySelector('caption')?.textContent).toContain('95% interval');
  });
});

describe("the ratings' picture", () => {
  it('is taken as SVG, its text as text, sized by the panel', () => {
    const holder = pictureOf('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="420"><text x="1" y="2">Aiko &lt;b&gt;</text></svg>', 'rating-history');
    const svg = holder.querySelector('svg');
    expect(svg?.getAttribute('width')).toBeNull();
    expect(holder.querySelector('text')?.textContent).toBe('Aiko <b>');
    expect(holder.querySelector('b')).toBeNull();
  });

  it('shows nothing for text that is not a picture', () => {
    expect(pictureOf('<p>not a picture</p>', 'x').children).toHaveLength(0);
  });
});
