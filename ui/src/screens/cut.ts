// Top cut: choose the size (the ruleset's recommendation first), the finals, a third-place
// match, how finalists are chosen and players to leave out; then the bracket drawn as a
// bracket, pairing each next round, and the champion (also on the projector). Bracket
// results are entered on the Results screen like Swiss results.
import { call } from '../api';
import { checkbox, field, h, select } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { say } from '../i18n/messages';
import { showOnProjector } from '../projectorView';
import { heading, pdfButtons, requireEvent, run } from '../screen';
import { roundStartStep } from './round';
import { stageStrip } from '../stageStrip';
import * as state from '../state';
import type { BracketView, EventView, Finals, StandingsView } from '../types';
import { FINALS, options, SELECTION_METHODS, words } from '../vocabulary';
import { bracketDrawing } from './bracketDrawing';

/** Cut sizes offered: powers of two that fit the field, plus the recommended size. */
export function cutSizes(active: number, recommended: number): number[] {
  const sizes = [2, 4, 8, 16, 32, 64, 128].filter((size) => size <= active);
  if (recommended >= 2 && recommended <= active && !sizes.includes(recommended)) sizes.push(recommended);
  return sizes.sort((a, b) => a - b);
}

export function mountCut(root: HTMLElement): (() => void) | void {
  root.append(heading(t('cut.title')));
  const event = requireEvent(root);
  if (!event) return;
  // The bracket round's stages, as a Swiss round's on Round and Results.
  const strip = stageStrip();
  const content = h('div');
  root.append(strip.element, content);
  const showBracket = (bracket: BracketView) => content.replaceChildren(bracketView(bracket, showBracket));
  void run(async () => {
    const bracket = await call('bracket', null);
    if (bracket) showBracket(bracket);
    else content.replaceChildren(setupPanel(event, await call('standings', { first: null }), showBracket));
  });
  return strip.stop;
}

function setupPanel(event: EventView, standings: StandingsView, started: (bracket: BracketView) => void): HTMLElement {
  const sizes = cutSizes(event.players_active, event.recommended_cut);
  const fallback = sizes.filter((size) => size <= 8).pop() ?? sizes[0];
  // The cut planned at creation first, then the publisher's suggestion.
  const planned = event.planned_cut ?? 0;
  const preferred = sizes.includes(planned) ? planned : sizes.includes(event.recommended_cut) ? event.recommended_cut : fallback;
  const size = select(
    { 'data-testid': 'cut-size' },
    sizes.map((s) => [String(s), t('cut.topN', { size: s })] as const),
    preferred === undefined ? undefined : String(preferred),
  );
  const third = h('input', { 'data-testid': 'cut-third-place' });
  const finals = select(
    { 'data-testid': 'cut-finals' },
    [['', t('cut.finals.default', { finals: event.recommended_finals && event.recommended_finals in FINALS ? t(FINALS[event.recommended_finals as Finals]) : t(FINALS['single-elimination']) })], ...options(FINALS, words(FINALS))],
    '',
  );
  const methods = state.catalogue().selection_methods;
  const method = select({ 'data-testid': 'cut-method' }, options(SELECTION_METHODS, methods), 'ranking');
  const exclusions = standings.rows
    .filter((row) => !row.dropped)
    .map((row) => {
      const box = h('input', { 'data-testid': 'cut-exclude', 'data-player': row.player, value: String(row.player) });
      return { box, label: checkbox(t('cut.rankName', { rank: row.rank, name: row.name }), box) };
    });
  const start = h('button', { type: 'button', class: 'primary', 'data-testid': 'start-cut', disabled: sizes.length === 0 }, t('cut.start'));
  start.addEventListener('click', () => {
    void run(async () => {
      const chosenFinals = words(FINALS).find((x) => x === finals.value) ?? null;
      const bracket = await call('start_cut', {
        size: Number(size.value),
        third_place: third.checked && chosenFinals !== 'double-elimination',
        excluded: exclusions.filter((x) => x.box.checked).map((x) => x.box.value),
        finals: chosenFinals,
        method: methods.find((x) => x === method.value) ?? null,
      });
      await state.refreshEvent();
      announce([t('cut.started', { size: bracket.size }), ...(bracket.warnings ?? []).map(say)].join(' '));
      started(bracket);
      document.getElementById('bracket-heading')?.focus();
    }, start);
  });
  return h(
    'section',
    { class: 'panel' },
    h('h3', {}, t('cut.setupTitle')),
    h('p', {}, event.recommended_cut > 0 ? t('cut.recommended', { players: event.players_active, size: event.recommended_cut }) : t('cut.noRecommendation')),
    sizes.length > 0 ? field(t('cut.size'), size) : h('p', {}, t('cut.tooFew')),
    field(t('cut.finalsField'), finals, t('cut.doubleElimination')),
    checkbox(t('cut.thirdPlace'), third),
    field(t('cut.method'), method, t('cut.methodHint')),
    h('fieldset', { class: 'exclusions' }, h('legend', {}, t('cut.exclude')), h('p', { class: 'hint' }, t('cut.excludeHint')), ...exclusions.map((x) => x.label)),
    h('div', { class: 'actions' }, start),
  );
}

function bracketView(bracket: BracketView, show: (bracket: BracketView) => void): HTMLElement {
  const pair = h('button', { type: 'button', class: 'primary', 'data-testid': 'pair-bracket-round', 'data-stage-action': 'next', disabled: bracket.next !== 'pair' }, t('cut.pairNext'));
  pair.addEventListener('click', () => {
    void run(async () => {
      const pairings = await call('pair_bracket_round', null);
      await state.refreshEvent();
      announce(t('cut.paired', { round: pairings.round, count: pairings.tables.length }));
      const next = await call('bracket', null);
      if (next) show(next);
      document.getElementById('bracket-heading')?.focus();
    }, pair);
  });
  // The bracket round being played gets its sheets and its clock, as a Swiss round does.
  const playing = bracket.next === 'results' ? bracket.rounds.flatMap((r) => (r.number === null ? [] : [r.number])).at(-1) : undefined;
  const startArea = h('div', { class: 'no-print' });
  if (playing !== undefined) void run(async () => startArea.replaceChildren((await roundStartStep(playing, startArea, () => startArea.replaceChildren())) ?? ''));
  const projector = h('button', { type: 'button', 'data-testid': 'bracket-projector' }, t('cut.projector'));
  projector.addEventListener('click', () => void run(() => showOnProjector('bracket', t('cut.projectorTitle')), projector));
  const draw = bracket.draw;
  return h(
    'section',
    { class: 'panel' },
    h('h3', { id: 'bracket-heading', tabindex: -1 }, t('cut.bracketTitle', { size: bracket.size })),
    h('p', { 'data-testid': 'bracket-next' }, t(`cut.next.${bracket.next}`), ' ', bracket.next === 'results' ? h('a', { href: '#/results' }, t('cut.toResults')) : null),
    startArea,
    // After the champion: no round left to pair; the payout is next.
    h(
      'div',
      { class: 'actions' },
      bracket.champion ? h('a', { href: '#/prizes', class: 'button primary', 'data-testid': 'cut-to-payout', 'data-stage-action': 'next' }, t('cut.toPayout')) : pair,
      projector,
    ),
    pdfButtons(['bracket']),
    (bracket.warnings ?? []).length > 0
      ? h('div', { class: 'warnings', 'data-testid': 'cut-warnings' }, h('ul', {}, ...(bracket.warnings ?? []).map((w) => h('li', {}, say(w)))))
      : null,
    draw
      ? h(
          'p',
          { class: 'hint', 'data-testid': 'cut-draw' },
          t('cut.drawLine', { places: draw.places, among: draw.among.map((s) => s.name).join(t('result.seatSeparator')), seed: draw.seed }),
        )
      : null,
    bracket.random_each_round ? h('p', { class: 'hint' }, t('cut.randomEachRound')) : null,
    bracketDrawing(bracket, (match, side, seat) => {
      if (match.table === null) return;
      const table = match.table;
      void run(async () => {
        await call('record_result', { round: null, table, result: side, replace: false, override_reason: null });
        await state.refreshEvent();
        announce(t('cut.winnerRecorded', { name: seat.name, table }));
        const next = await call('bracket', null);
        if (next) show(next);
      });
    }),
    bracket.champion
      ? h('p', { class: 'champion', 'data-testid': 'champion' }, t('cut.champion', { name: bracket.champion.name, seed: bracket.champion.seed }))
      : null,
  );
}
