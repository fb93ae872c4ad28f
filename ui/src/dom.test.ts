// @vitest-environment happy-dom
// fillRows: the first screenful at once, the rest a chunk per frame, every row before
// printing, and nothing more once the table has left the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillRows, h } from './dom';

let frames: FrameRequestCallback[] = [];
const runFrame = () => {
  const now = frames;
  frames = [];
  for (const frame of now) frame(0);
};

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const row = (n: number) => h('tr', {}, h('td', {}, n));
const shown = (body: HTMLElement) => [...body.querySelectorAll('td')].map((td) => Number(td.textContent));

describe('fillRows', () => {
  it('puts a small table on the page at once', () => {
    const body = h('tbody');
    document.body.append(h('table', {}, body));
    fillRows(body, numbers(12), row);
    expect(shown(body)).toEqual(numbers(12));
    expect(frames).toHaveLength(0);
  });

  it('shows the first rows at once and the rest in order over the next frames', () => {
    const body = h('tbody');
    document.body.append(h('table', {}, body));
    fillRows(body, numbers(1024), row);
    const first = shown(body).length;
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThan(1024);
    let guard = 0;
    while (frames.length > 0 && guard++ < 100) runFrame();
    expect(shown(body)).toEqual(numbers(1024));
  });

  it('adds every missing row before printing', () => {
    const body = h('tbody');
    document.body.append(h('table', {}, body));
    fillRows(body, numbers(700), row);
    window.dispatchEvent(new Event('beforeprint'));
    expect(shown(body)).toEqual(numbers(700));
    runFrame();
    expect(shown(body)).toEqual(numbers(700));
  });

  it('stops when the table left the page (another screen)', () => {
    const body = h('tbody');
    const table = h('table', {}, body);
    document.body.append(table);
    fillRows(body, numbers(700), row);
    const before = shown(body).length;
    table.remove();
    runFrame();
    expect(shown(body).length).toBe(before);
  });

  it('stops the earlier fill when the body is filled again (a screen redrawn while filling)', () => {
    const body = h('tbody');
    document.body.append(h('table', {}, body));
    fillRows(body, numbers(700), row);
    body.replaceChildren();
    fillRows(body, numbers(40).map((n) => n + 1000), row);
    let guard = 0;
    while (frames.length > 0 && guard++ < 100) runFrame();
    window.dispatchEvent(new Event('beforeprint'));
    expect(shown(body)).toEqual(numbers(40).map((n) => n + 1000));
  });

  it('leaves out items whose row is null, read when their chunk is added', () => {
    const body = h('tbody');
    document.body.append(h('table', {}, body));
    const items = numbers(700).map((n) => ({ n, done: false }));
    fillRows(body, items, (item) => (item.done ? null : row(item.n)));
    // Recorded before its chunk came: it never shows.
    items[600] = { n: 601, done: true };
    let guard = 0;
    while (frames.length > 0 && guard++ < 100) runFrame();
    expect(shown(body)).toEqual(numbers(700).filter((n) => n !== 601));
  });
});
