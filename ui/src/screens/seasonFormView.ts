// The season rules' form on the Prizes screen: the season's name, points for playing, per
// win and draw, by placing (with an event-size minimum per row) and for a big field, best N,
// the minimums, and the tiebreakers in order. It edits a `SeasonForm` in place and says when
// it changed; the season panel turns it into the TOML the season is computed from.
import { field, h } from '../dom';
import { t } from '../i18n';
import { type SeasonForm, shopsOf, TIEBREAKERS, type Tiebreaker } from '../seasonForm';
import { numberBox } from './prizeFormView';

export interface SeasonFormView {
  element: HTMLElement;
  show(form: SeasonForm): void;
}

export function seasonFormView(initial: SeasonForm, onChange: () => void): SeasonFormView {
  let form = initial;
  const element = h('div', { class: 'prize-form', 'data-testid': 'season-form' });
  const restructure = () => {
    draw();
    onChange();
  };
  const remove = (list: unknown[], index: number, testid: string) => {
    const button = h('button', { type: 'button', class: 'link', 'data-testid': testid }, t('prizeForm.remove'));
    button.addEventListener('click', () => {
      list.splice(index, 1);
      restructure();
    });
    return button;
  };
  const number = (value: number, testid: string, label: string, set: (value: number) => void, signed = true) =>
    numberBox(
      value,
      testid,
      label,
      (next) => {
        set(next ?? 0);
        onChange();
      },
      signed,
    );

  const placingTable = () =>
    h(
      'div',
      {},
      h(
        'table',
        { class: 'ladder' },
        h('thead', {}, h('tr', {}, ...['places', 'points', 'minPlayers'].map((c) => h('th', { scope: 'col' }, t(`seasonForm.${c}`))), h('th', {}))),
        h(
          'tbody',
          {},
          ...form.placing.map((row, index) =>
            h(
              'tr',
              { 'data-testid': 'season-placing-row' },
              h('td', {}, t('prizeForm.placesTo'), ' ', number(row.downTo, 'season-placing-down-to', t('prizeForm.downTo'), (v) => (row.downTo = v), false)),
              h('td', {}, number(row.points, 'season-placing-points', t('seasonForm.points'), (v) => (row.points = v))),
              h('td', {}, number(row.minPlayers, 'season-placing-min', t('seasonForm.minPlayers'), (v) => (row.minPlayers = v), false)),
              h('td', {}, remove(form.placing, index, 'season-placing-remove')),
            ),
          ),
        ),
      ),
      addButton('season-placing-add', () => {
        const last = form.placing[form.placing.length - 1];
        form.placing.push({ downTo: last ? last.downTo * 2 : 1, points: last ? Math.max(0, last.points - 2) : 10, minPlayers: 0 });
      }),
    );

  const bonusTable = () =>
    h(
      'div',
      {},
      h(
        'table',
        { class: 'ladder' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('seasonForm.bonusPlayers')), h('th', { scope: 'col' }, t('seasonForm.points')), h('th', {}))),
        h(
          'tbody',
          {},
          ...form.fieldBonus.map((row, index) =>
            h(
              'tr',
              { 'data-testid': 'season-bonus-row' },
              h('td', {}, number(row.minPlayers, 'season-bonus-min', t('seasonForm.bonusPlayers'), (v) => (row.minPlayers = v), false)),
              h('td', {}, number(row.points, 'season-bonus-points', t('seasonForm.points'), (v) => (row.points = v))),
              h('td', {}, remove(form.fieldBonus, index, 'season-bonus-remove')),
            ),
          ),
        ),
      ),
      addButton('season-bonus-add', () => form.fieldBonus.push({ minPlayers: 16, points: 1 })),
    );

  const addButton = (testid: string, add: () => void) => {
    const button = h('button', { type: 'button', class: 'link', 'data-testid': testid }, t('prizeForm.addPlace'));
    button.addEventListener('click', () => {
      add();
      restructure();
    });
    return button;
  };

  /** The tiebreakers in use first (in their order, each can move up), then the unused ones. */
  const tiebreakers = () => {
    const unused = TIEBREAKERS.filter((name) => !form.tiebreakers.includes(name));
    const item = (name: Tiebreaker, index: number | null) => {
      const use = h('input', { type: 'checkbox', checked: index !== null, 'data-testid': `season-tiebreaker-${name}` });
      use.addEventListener('change', () => {
        form.tiebreakers = use.checked ? [...form.tiebreakers, name] : form.tiebreakers.filter((other) => other !== name);
        restructure();
      });
      const up = h('button', { type: 'button', class: 'link', 'data-testid': `season-tiebreaker-up-${name}`, 'aria-label': t('seasonForm.up', { name: t(`seasonForm.tiebreaker.${name}`) }) }, '↑');
      up.addEventListener('click', () => {
        if (index === null || index === 0) return;
        const list = form.tiebreakers;
        [list[index - 1], list[index]] = [list[index] as Tiebreaker, list[index - 1] as Tiebreaker];
        restructure();
      });
      up.hidden = index === null || index === 0;
      return h('li', {}, h('label', { class: 'check' }, use, t(`seasonForm.tiebreaker.${name}`)), ' ', up);
    };
    return h('fieldset', { class: 'choices', 'data-testid': 'season-tiebreakers' }, h('legend', {}, t('seasonForm.tiebreakers')), h('ol', {}, ...form.tiebreakers.map((name, index) => item(name, index)), ...unused.map((name) => item(name, null))));
  };

  const draw = () => {
    const name = h('input', { type: 'text', value: form.name, 'data-testid': 'season-name' });
    name.addEventListener('input', () => {
      form.name = name.value;
      onChange();
    });
    const best = numberBox(
      form.best,
      'season-best',
      t('seasonForm.best'),
      (value) => {
        form.best = value === 0 ? null : value;
        onChange();
      },
    );
    const shops = h('textarea', { rows: '2', spellcheck: 'false', 'data-testid': 'season-shops' }, form.shops.join('\n'));
    shops.addEventListener('input', () => {
      form.shops = shopsOf(shops.value);
      onChange();
    });
    element.replaceChildren(
      field(t('seasonForm.name'), name),
      h(
        'div',
        { class: 'inline' },
        field(t('seasonForm.participation'), number(form.participation, 'season-participation', t('seasonForm.participation'), (v) => (form.participation = v))),
        field(t('seasonForm.perWin'), number(form.perWin, 'season-per-win', t('seasonForm.perWin'), (v) => (form.perWin = v))),
        field(t('seasonForm.perDraw'), number(form.perDraw, 'season-per-draw', t('seasonForm.perDraw'), (v) => (form.perDraw = v))),
      ),
      h('h4', {}, t('seasonForm.byPlace')),
      h('p', { class: 'hint' }, t('seasonForm.byPlaceHint')),
      placingTable(),
      h('h4', {}, t('seasonForm.bonus')),
      bonusTable(),
      h(
        'div',
        { class: 'inline' },
        field(t('seasonForm.best'), best, t('seasonForm.bestHint')),
        field(t('seasonForm.minEvents'), number(form.minEvents, 'season-min-events', t('seasonForm.minEvents'), (v) => (form.minEvents = v), false)),
        field(t('seasonForm.eventMinPlayers'), number(form.minPlayers, 'season-min-players', t('seasonForm.eventMinPlayers'), (v) => (form.minPlayers = v), false)),
      ),
      h(
        'div',
        { class: 'inline' },
        field(t('seasonForm.dropWorst'), number(form.dropWorst, 'season-drop-worst', t('seasonForm.dropWorst'), (v) => (form.dropWorst = v), false), t('seasonForm.dropHint')),
        field(t('seasonForm.dropFrom'), number(form.dropFrom, 'season-drop-from', t('seasonForm.dropFrom'), (v) => (form.dropFrom = v), false)),
      ),
      tiebreakers(),
      field(t('seasonForm.shops'), shops, t('seasonForm.shopsHint')),
    );
  };

  draw();
  return {
    element,
    show(next: SeasonForm) {
      form = next;
      draw();
    },
  };
}
