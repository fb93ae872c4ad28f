// Several events open at once: the switcher in the header (each event's round and
// clock; choosing one makes it the event every screen works on) and the table range of the
// active event on the Registration screen.
import { call } from '../api';
import { followChanges } from '../changes';
import type { OpenEventView } from '../bindings/OpenEventView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { run } from '../screen';
import * as state from '../state';
import * as timer from '../timer';

/** An open event in the switcher: name, round and its clock. */
export function switcherLine(event: OpenEventView, now: number, asked: number): string {
  const round = event.round === null ? t('openEvents.noRound') : t('results.roundN', { round: event.round });
  if (!event.clock) return `${event.name} — ${round}`;
  const passed = event.clock.running ? now - asked : 0;
  return `${event.name} — ${round} — ${timer.formatClock(Math.max(0, event.clock.remaining_ms - passed))}`;
}

/** The switcher: shown while two or more events are open; `switched` shows the screen again.
 * Made once; `relabel` puts its words in the interface's language after a change. */
export function eventSwitcher(switched: () => void): { element: HTMLElement; relabel: () => void } {
  const select = h('select', { 'data-testid': 'event-switcher', 'aria-label': t('openEvents.switcher') });
  const wrapper = h('div', { class: 'event-switcher no-print', hidden: true }, select);
  let events: OpenEventView[] = [];
  let asked = 0;
  const draw = () => {
    select.setAttribute('aria-label', t('openEvents.switcher'));
    const now = Date.now();
    wrapper.hidden = events.length < 2;
    if (events.length < 2) return;
    // Only the words change while the list stays the same (the choice in progress is kept).
    if (select.options.length !== events.length) {
      select.replaceChildren(...events.map((event) => h('option', { value: event.file }, '')));
    }
    events.forEach((event, index) => {
      const option = select.options[index];
      if (!option) return;
      option.value = event.file;
      option.textContent = switcherLine(event, now, asked);
      option.selected = event.active;
    });
  };
  const load = async () => {
    if (state.appInfo()?.station) return;
    try {
      events = await call('open_events', null);
      asked = Date.now();
      draw();
    } catch {
      // The header keeps what it showed.
    }
  };
  select.addEventListener('change', () =>
    void run(async () => {
      const view = await call('switch_event', { path: select.value });
      state.setEvent(view);
      await load();
      announce(t('openEvents.switched', { name: view.name }));
      switched();
    }),
  );
  state.onEventChange(() => void load());
  window.setInterval(draw, 1000);
  followChanges(() => void load());
  void load();
  return { element: wrapper, relabel: draw };
}

/** The active event's table range (Registration screen). */
export function tableRangePanel(): HTMLElement {
  const first = h('input', { type: 'number', min: 1, max: 100000, 'data-testid': 'table-first', value: String(state.event()?.first_table ?? 1) });
  const set = h('button', { type: 'button', 'data-testid': 'table-range-set' }, t('openEvents.setRange'));
  set.addEventListener('click', () =>
    void run(async () => {
      const value = Number(first.value);
      if (!Number.isInteger(value) || value < 1) throw new Error(t('openEvents.rangeInvalid'));
      const view = await call('set_table_range', { first: value });
      state.setEvent(view);
      announce(t('openEvents.rangeSet', { first: value }));
    }, set),
  );
  return h(
    'details',
    { class: 'panel', 'data-testid': 'table-range' },
    h('summary', {}, t('openEvents.rangeTitle')),
    h('p', { class: 'hint' }, t('openEvents.rangeHint')),
    h('div', { class: 'inline' }, field(t('openEvents.first'), first), set),
  );
}
