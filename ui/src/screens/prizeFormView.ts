// The prize rules' form on the Prizes screen: presets to start from, the credit ladder by
// place and by record, counted items with their pool, the tie rule in words and the
// raffle. It edits a `PrizeForm` in place and says when it changed; the screen turns the
// form into the TOML the event records and previews the payout beside it.
import { checkbox, field, h, select } from '../dom';
import { t } from '../i18n';
import { type ItemForm, type LadderRow, PRESETS, type Preset, type PrizeForm, TIE_RULES, type TieRule } from '../prizeForm';

export interface PrizeFormView {
  element: HTMLElement;
  /** Shows `form` (after a preset or a text read from Advanced). */
  show(form: PrizeForm): void;
}

/** A whole-number box: blank (or not a whole number) reads as `null`; `signed` allows below 0. */
export function numberBox(value: number | null, testid: string, label: string, onValue: (value: number | null) => void, signed = false): HTMLInputElement {
  const input = h('input', {
    type: 'number',
    min: signed ? null : 0,
    step: 1,
    inputmode: 'numeric',
    class: 'amount',
    value: value === null ? '' : String(value),
    'data-testid': testid,
    'aria-label': label,
  });
  input.addEventListener('input', () => {
    const number = input.value.trim() === '' ? null : Number(input.value);
    onValue(number !== null && Number.isSafeInteger(number) && (signed || number >= 0) ? number : null);
  });
  return input;
}

export function prizeFormView(initial: PrizeForm, onChange: () => void, onPreset: (preset: Preset) => void): PrizeFormView {
  let form = initial;
  const element = h('div', { class: 'prize-form', 'data-testid': 'prize-form' });
  /** A change of structure (a row added or taken out) draws the form again. */
  const restructure = () => {
    draw();
    onChange();
  };

  const ladderTable = (rows: LadderRow[], kind: 'place' | 'item', testid: string): HTMLElement => {
    const body = h(
      'tbody',
      {},
      ...rows.map((row, index) =>
        h(
          'tr',
          { 'data-testid': `${testid}-row` },
          h(
            'td',
            {},
            t('prizeForm.placesTo'),
            ' ',
            numberBox(row.downTo, `${testid}-down-to`, t('prizeForm.downTo'), (value) => {
              row.downTo = value ?? 0;
              onChange();
            }),
          ),
          h(
            'td',
            {},
            numberBox(row.amount, `${testid}-amount`, kind === 'place' ? t('prizeForm.credit') : t('prizeForm.count'), (value) => {
              row.amount = value ?? 0;
              onChange();
            }),
          ),
          h('td', {}, removeButton(() => rows.splice(index, 1), `${testid}-remove`)),
        ),
      ),
    );
    const add = h('button', { type: 'button', class: 'link', 'data-testid': `${testid}-add` }, t('prizeForm.addPlace'));
    add.addEventListener('click', () => {
      const last = rows[rows.length - 1];
      rows.push({ downTo: last ? last.downTo * 2 : 1, amount: last ? last.amount : kind === 'item' ? 1 : 0 });
      restructure();
    });
    return h(
      'div',
      {},
      h('table', { class: 'ladder' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('prizeForm.places')), h('th', { scope: 'col' }, kind === 'place' ? t('prizeForm.credit') : t('prizeForm.count')), h('th', {}))), body),
      add,
    );
  };

  const removeButton = (remove: () => void, testid: string) => {
    const button = h('button', { type: 'button', class: 'link', 'data-testid': testid }, t('prizeForm.remove'));
    button.addEventListener('click', () => {
      remove();
      restructure();
    });
    return button;
  };

  const recordTable = (): HTMLElement => {
    const body = h(
      'tbody',
      {},
      ...form.record.map((row, index) => {
        const record = h('input', { type: 'text', class: 'record', value: row.record, placeholder: '3-0', 'data-testid': 'prize-record', 'aria-label': t('prizeForm.record') });
        record.addEventListener('input', () => {
          row.record = record.value;
          onChange();
        });
        return h(
          'tr',
          { 'data-testid': 'prize-record-row' },
          h('td', {}, record),
          h(
            'td',
            {},
            numberBox(row.amount, 'prize-record-amount', t('prizeForm.credit'), (value) => {
              row.amount = value ?? 0;
              onChange();
            }),
          ),
          h('td', {}, removeButton(() => form.record.splice(index, 1), 'prize-record-remove')),
        );
      }),
    );
    const add = h('button', { type: 'button', class: 'link', 'data-testid': 'prize-record-add' }, t('prizeForm.addRecord'));
    add.addEventListener('click', () => {
      form.record.push({ record: '', amount: 0 });
      restructure();
    });
    return h('div', {}, h('table', { class: 'ladder' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('prizeForm.record')), h('th', { scope: 'col' }, t('prizeForm.credit')), h('th', {}))), body), add);
  };

  const itemFieldset = (item: ItemForm, index: number): HTMLElement => {
    const name = h('input', { type: 'text', value: item.name, 'data-testid': 'prize-item-name' });
    name.addEventListener('input', () => {
      item.name = name.value;
      onChange();
    });
    const poolNumber = numberBox(item.pool.kind === 'count' ? item.pool.count : item.pool.kind === 'per-entrants' ? item.pool.per : null, 'prize-item-pool-number', t('prizeForm.poolNumber'), (value) => {
      if (item.pool.kind === 'count') item.pool = { kind: 'count', count: value ?? 0 };
      if (item.pool.kind === 'per-entrants') item.pool = { kind: 'per-entrants', per: value ?? 0 };
      onChange();
    });
    poolNumber.hidden = item.pool.kind === 'none';
    const poolKind = select(
      { 'data-testid': 'prize-item-pool', 'aria-label': t('prizeForm.itemPool') },
      (['none', 'count', 'per-entrants'] as const).map((kind) => [kind, t(`prizeForm.pool.${kind}`)] as const),
      item.pool.kind,
    );
    poolKind.addEventListener('change', () => {
      const kind = poolKind.value as ItemForm['pool']['kind'];
      item.pool = kind === 'count' ? { kind, count: 1 } : kind === 'per-entrants' ? { kind, per: 4 } : { kind: 'none' };
      restructure();
    });
    const participation = numberBox(item.participation, 'prize-item-participation', t('prizeForm.itemParticipation'), (value) => {
      item.participation = value ?? 0;
      onChange();
    });
    return h(
      'fieldset',
      { class: 'prize-item', 'data-testid': 'prize-item' },
      h('legend', {}, t('prizeForm.item', { number: index + 1 })),
      field(t('prizeForm.itemName'), name),
      h('div', { class: 'field' }, h('span', { class: 'label' }, t('prizeForm.itemPool')), h('div', { class: 'actions' }, poolKind, poolNumber)),
      ladderTable(item.place, 'item', 'prize-item-place'),
      field(t('prizeForm.itemParticipation'), participation),
      removeButton(() => form.items.splice(index, 1), 'prize-item-remove'),
    );
  };

  const draw = () => {
    const currency = h('input', { type: 'text', class: 'short', value: form.currency, 'data-testid': 'prize-currency' });
    currency.addEventListener('input', () => {
      form.currency = currency.value.trim();
      onChange();
    });
    const pool = numberBox(form.pool, 'prize-pool', t('prizeForm.pool.credit'), (value) => {
      form.pool = value;
      onChange();
    });
    const participation = numberBox(form.participation, 'prize-participation', t('prizeForm.participation'), (value) => {
      form.participation = value ?? 0;
      onChange();
    });
    const ties = h(
      'fieldset',
      { class: 'choices', 'data-testid': 'prize-ties' },
      h('legend', {}, t('prizeForm.ties')),
      ...TIE_RULES.map((rule: TieRule) => {
        const radio = h('input', { type: 'radio', name: 'prize-ties', value: rule, checked: form.ties === rule, 'data-testid': `prize-ties-${rule}` });
        radio.addEventListener('change', () => {
          if (radio.checked) form.ties = rule;
          onChange();
        });
        return h('label', { class: 'check' }, radio, t(`prizeForm.tie.${rule}`));
      }),
    );
    const raffle = h('textarea', { rows: 2, 'data-testid': 'prize-raffle' });
    raffle.value = form.raffle.join('\n');
    raffle.addEventListener('input', () => {
      form.raffle = raffle.value.split('\n');
      onChange();
    });
    const onlyWithout = h('input', { checked: form.raffleOnlyWithoutPrize, 'data-testid': 'prize-raffle-only' });
    onlyWithout.addEventListener('change', () => {
      form.raffleOnlyWithoutPrize = onlyWithout.checked;
      onChange();
    });
    const addItem = h('button', { type: 'button', class: 'link', 'data-testid': 'prize-item-add' }, t('prizeForm.addItem'));
    addItem.addEventListener('click', () => {
      form.items.push({ name: t('prizeForm.pack'), pool: { kind: 'none' }, place: [{ downTo: 1, amount: 1 }], participation: 0 });
      restructure();
    });
    element.replaceChildren(
      h(
        'div',
        { class: 'actions presets' },
        h('span', { class: 'label' }, t('prizeForm.startFrom')),
        ...PRESETS.map((preset) => {
          const button = h('button', { type: 'button', 'data-testid': `prize-preset-${preset}` }, t(`prizeForm.preset.${preset}`));
          button.addEventListener('click', () => onPreset(preset));
          return button;
        }),
      ),
      h('div', { class: 'inline' }, field(t('prizeForm.currency'), currency), field(t('prizeForm.pool.credit'), pool, t('prizeForm.poolHint')), field(t('prizeForm.participation'), participation)),
      h('h4', {}, t('prizeForm.byPlace')),
      h('p', { class: 'hint' }, t('prizeForm.byPlaceHint')),
      ladderTable(form.place, 'place', 'prize-place'),
      h('h4', {}, t('prizeForm.byRecord')),
      h('p', { class: 'hint' }, t('prizeForm.byRecordHint')),
      recordTable(),
      ties,
      h('h4', {}, t('prizeForm.items')),
      ...form.items.map(itemFieldset),
      addItem,
      h('h4', {}, t('prizeForm.raffle')),
      field(t('prizeForm.rafflePrizes'), raffle, t('prizeForm.rafflePrizesHint')),
      checkbox(t('prizeForm.raffleOnly'), onlyWithout),
    );
  };

  draw();
  return {
    element,
    show(next: PrizeForm) {
      form = next;
      draw();
    },
  };
}
