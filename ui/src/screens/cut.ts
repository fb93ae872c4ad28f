// Top cut: choose the size (the ruleset's recommendation first), a third-place match and
// players to leave out; then the bracket round by round, pairing each next round, and the
// champion. Bracket results are entered on the Results screen like Swiss results.
import * as api from '../api';
import { checkbox, field, h, select } from '../dom';
import { announce } from '../feedback';
import { bracketLabel } from '../format';
import { t } from '../i18n';
import { heading, pdfButtons, requireEvent, run } from '../screen';
import * as state from '../state';
import type { BracketMatchView, BracketSeat, BracketView, EventView, StandingsView } from '../types';

/** Cut sizes offered: powers of two that fit the field, plus the recommended size. */

/** Finalist selection methods (`tablekeeper cut --method`). */
const METHODS = ['ranking', 'nation-clan', 'ride-line', 'title', 'oshi', 'usage-rate'] as const;
export function cutSizes(active: number, recommended: number): number[] {
  const sizes = [2, 4, 8, 16, 32, 64, 128].filter((size) => size <= active);
  if (recommended >= 2 && recommended <= active && !sizes.includes(recommended)) sizes.push(recommended);
  return sizes.sort((a, b) => a - b);
}

export function mountCut(root: HTMLElement): void {
  root.append(heading(t('cut.title')));
  const event = requireEvent(root);
  if (!event) return;
  const content = h('div');
  root.append(content);
  const showBracket = (bracket: BracketView) => content.replaceChildren(bracketView(bracket, showBracket));
  void run(async () => {
    const bracket = await api.bracket();
    if (bracket) showBracket(bracket);
    else content.replaceChildren(setupPanel(event, await api.standings(), showBracket));
  });
}

function setupPanel(event: EventView, standings: StandingsView, started: (bracket: BracketView) => void): HTMLElement {
  const sizes = cutSizes(event.players_active, event.recommended_cut);
  const fallback = sizes.filter((size) => size <= 8).pop() ?? sizes[0];
  const preferred = sizes.includes(event.recommended_cut) ? event.recommended_cut : fallback;
  const size = select(
    { 'data-testid': 'cut-size' },
    sizes.map((s) => [String(s), t('cut.topN', { size: s })] as const),
    preferred === undefined ? undefined : String(preferred),
  );
  const third = h('input', { 'data-testid': 'cut-third-place' });
  const double = h('input', { 'data-testid': 'cut-double-elimination' });
  const method = select(
    { 'data-testid': 'cut-method' },
    METHODS.map((id) => [id, t(`cut.methods.${id}`)] as const),
    'ranking',
  );
  const exclusions = standings.rows
    .filter((row) => !row.dropped)
    .map((row) => {
      const box = h('input', { 'data-testid': 'cut-exclude', 'data-player': row.player, value: String(row.player) });
      return { box, label: checkbox(t('cut.rankName', { rank: row.rank, name: row.name }), box) };
    });
  const start = h('button', { type: 'button', class: 'primary', 'data-testid': 'start-cut', disabled: sizes.length === 0 }, t('cut.start'));
  start.addEventListener('click', () => {
    void run(async () => {
      const bracket = await api.startCut({
        size: Number(size.value),
        third_place: third.checked && !double.checked,
        excluded: exclusions.filter((x) => x.box.checked).map((x) => x.box.value),
        double_elimination: double.checked,
        method: method.value,
      });
      await state.refreshEvent();
      announce(t('cut.started', { size: bracket.size }));
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
    checkbox(t('cut.thirdPlace'), third),
    checkbox(t('cut.doubleElimination'), double),
    field(t('cut.method'), method, t('cut.methodHint')),
    h('fieldset', { class: 'exclusions' }, h('legend', {}, t('cut.exclude')), h('p', { class: 'hint' }, t('cut.excludeHint')), ...exclusions.map((x) => x.label)),
    h('div', { class: 'actions' }, start),
  );
}

function seatText(seat: BracketSeat | null): string {
  return seat ? t('cut.seed', { seed: seat.seed, name: seat.name }) : t('cut.undecided');
}

/** The shell's short result text in words; "A wins" is left out as the winner is marked. */
function bracketResult(result: string | null): string | null {
  if (result === null) return null;
  if (/^\d/.test(result)) return result;
  if (result === 'bye') return t('round.bye');
  if (result === 'double loss') return t('result.doubleLoss');
  return null;
}

function matchItem(match: BracketMatchView): HTMLLIElement {
  const result = bracketResult(match.result);
  const seat = (s: BracketSeat | null) => {
    const won = s !== null && match.winner === s.player;
    return h(won ? 'strong' : 'span', { class: won ? 'winner' : undefined }, seatText(s), won ? ` ${t('cut.winnerMark')}` : '');
  };
  return h(
    'li',
    { 'data-testid': 'bracket-match', 'data-table': match.table ?? '' },
    match.table !== null ? h('span', { class: 'table-no' }, t('cut.table', { table: match.table })) : null,
    match.bracket !== null ? h('span', { class: 'bracket-no' }, t('cut.bracketNo', { bracket: match.bracket, part: t(`cut.parts.${match.part ?? 'upper'}`) })) : null,
    seat(match.a),
    h('span', { class: 'vs' }, ` ${t('cut.vs')} `),
    seat(match.b),
    result ? h('span', { class: 'result' }, ` — ${result}`) : null,
  );
}

function bracketView(bracket: BracketView, show: (bracket: BracketView) => void): HTMLElement {
  const pair = h('button', { type: 'button', class: 'primary', 'data-testid': 'pair-bracket-round', disabled: bracket.next !== 'pair' }, t('cut.pairNext'));
  pair.addEventListener('click', () => {
    void run(async () => {
      const pairings = await api.pairBracketRound();
      await state.refreshEvent();
      announce(t('cut.paired', { round: pairings.round, tables: pairings.tables.length }));
      const next = await api.bracket();
      if (next) show(next);
      document.getElementById('bracket-heading')?.focus();
    }, pair);
  });
  return h(
    'section',
    { class: 'panel' },
    h('h3', { id: 'bracket-heading', tabindex: -1 }, t('cut.bracketTitle', { size: bracket.size })),
    h('p', { 'data-testid': 'bracket-next' }, t(`cut.next.${bracket.next}`), ' ', bracket.next === 'results' ? h('a', { href: '#/results' }, t('cut.toResults')) : null),
    h('div', { class: 'actions' }, pair),
    pdfButtons(['bracket']),
    h(
      'div',
      { class: 'bracket', 'data-testid': 'bracket' },
      ...bracket.rounds.map((round) =>
        h(
          'section',
          { class: 'bracket-round' },
          h('h4', {}, bracketLabel(round.label), round.number !== null ? ` (${t('results.roundN', { round: round.number })})` : ''),
          h('ol', {}, ...round.matches.map(matchItem)),
        ),
      ),
    ),
    bracket.third_place_match
      ? h(
          'section',
          { class: 'bracket-round', 'data-testid': 'third-place-match' },
          h('h4', {}, bracketLabel('third-place')),
          h('ol', {}, matchItem(bracket.third_place_match)),
        )
      : null,
    bracket.champion
      ? h('p', { class: 'champion', 'data-testid': 'champion' }, t('cut.champion', { name: bracket.champion.name, seed: bracket.champion.seed }))
      : null,
  );
}
