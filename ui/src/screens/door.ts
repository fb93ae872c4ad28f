// The door on the Registration screen: how the entry page on the players' phones
// takes entries (at once, approved here, a cap with a waiting list, a lottery before a
// deadline), check-in on the day, and what a player's "I drop after this round" does; the
// entries with their state and the desk's steps (accept, refuse, check in, withdraw, draw the
// lottery, an entry typed here for a player without a phone); and the drop requests.
import { call } from '../api';
import type { DoorSettings } from '../bindings/DoorSettings';
import type { DoorView } from '../bindings/DoorView';
import type { EntryView } from '../bindings/EntryView';
import { checkbox, field, h, select } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { run } from '../screen';

const MODES = ['open', 'approve', 'lottery'] as const;
const DROP_REQUESTS = ['automatic', 'confirmed'] as const;

/** Seconds since the epoch as the value of a `datetime-local` input (local time). */
export function localInputValue(seconds: number | null): string {
  if (seconds === null) return '';
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as seconds since the epoch; null when empty or not a time. */
export function secondsOf(value: string): number | null {
  if (value.trim() === '') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

/** A count typed in a box: a whole number from 1, or null when the box is empty. */
export function countOf(value: string): number | null | 'invalid' {
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text.normalize('NFKC'));
  return Number.isInteger(n) && n >= 1 ? n : 'invalid';
}

export function doorPanel(afterChange: () => Promise<void>): HTMLElement {
  const open = h('input', { 'data-testid': 'door-open' });
  const mode = select({ 'data-testid': 'door-mode' }, MODES.map((m) => [m, t(`door.mode.${m}`)] as const), 'open');
  const seats = h('input', { type: 'number', min: '1', 'data-testid': 'door-seats' });
  const waitingLimit = h('input', { type: 'number', min: '1', 'data-testid': 'door-waiting-limit' });
  const closesAt = h('input', { type: 'datetime-local', 'data-testid': 'door-closes-at' });
  const checkIn = h('input', { 'data-testid': 'door-check-in' });
  const drops = select({ 'data-testid': 'door-drop-requests' }, DROP_REQUESTS.map((d) => [d, t(`door.drops.${d}`)] as const), 'automatic');
  const save = h('button', { type: 'button', 'data-testid': 'door-save' }, t('door.save'));
  const draw = h('button', { type: 'button', 'data-testid': 'door-draw', hidden: true }, t('door.draw'));
  const summary = h('p', { 'data-testid': 'door-summary', 'aria-live': 'polite' });
  const where = h('div', { 'data-testid': 'door-where' });
  const entries = h('tbody', { 'data-testid': 'door-entries' });
  const requests = h('ul', { 'data-testid': 'door-drop-list' });
  const deskName = h('input', { type: 'text', autocomplete: 'off', maxlength: 200, 'data-testid': 'door-desk-name' });
  const deskAdd = h('button', { type: 'button', 'data-testid': 'door-desk-add' }, t('door.deskAdd'));

  const show = (view: DoorView) => {
    const s = view.settings;
    open.checked = s.open;
    mode.value = s.mode;
    seats.value = s.seats == null ? '' : String(s.seats);
    waitingLimit.value = s.waiting_limit == null ? '' : String(s.waiting_limit);
    closesAt.value = localInputValue(s.closes_at ?? null);
    checkIn.checked = s.check_in;
    drops.value = s.drop_requests;
    draw.hidden = !(s.mode === 'lottery' && view.lottery_seed === null && view.entries.some((e) => e.state === 'entered'));
    const waiting = view.entries.filter((e) => e.state === 'waiting').length;
    summary.textContent = [
      s.seats == null ? t('door.noCap', { taken: view.seats_taken }) : t('door.seatsTaken', { taken: view.seats_taken, seats: s.seats }),
      t('door.waiting', { count: waiting }),
      view.lottery_seed === null ? '' : t('door.drawn', { seed: view.lottery_seed }),
    ].filter((part) => part !== '').join(' · ');
    where.replaceChildren();
    if (view.entry_url) {
      const qr = h('div', { class: 'qr', role: 'img', 'aria-label': t('door.qr') });
      // The SVG is the command layer's drawing of the address (no user text in it).
      if (view.entry_qr_svg) qr.innerHTML = view.entry_qr_svg;
      where.append(h('p', {}, t('door.pageAt'), ' ', h('span', { class: 'path', 'data-testid': 'door-url' }, view.entry_url)), qr);
    } else {
      where.append(h('p', { class: 'hint' }, t('door.notShared')));
    }
    entries.replaceChildren(...view.entries.map((entry) => entryRow(entry)));
    requests.replaceChildren(
      ...view.drop_requests
        .filter((r) => r.state === 'asked' || r.state === 'confirmed')
        .map((r) =>
          h(
            'li',
            { 'data-testid': `drop-request-${r.player}` },
            t(`door.dropRequest.${r.state}`, { name: r.name, player: r.player }),
            ' ',
            r.state === 'asked' ? step(t('door.confirmDrop'), 'decide_drop_request', { player: String(r.player), accept: true }) : '',
            r.state === 'asked' ? step(t('door.declineDrop'), 'decide_drop_request', { player: String(r.player), accept: false }) : '',
          ),
        ),
    );
    if (requests.childElementCount === 0) requests.append(h('li', { class: 'hint' }, t('door.noDropRequests')));
  };

  const refresh = async () => show(await call('door_view', null));

  /** A button that runs one desk step and shows the door after it. */
  function step<K extends 'decide_entry' | 'withdraw_entry' | 'check_in' | 'decide_drop_request'>(
    text: string,
    command: K,
    request: Parameters<typeof call<K>>[1],
    testid?: string,
  ): HTMLButtonElement {
    const button = h('button', { type: 'button', 'data-testid': testid ?? null }, text);
    button.addEventListener('click', () =>
      void run(async () => {
        show(await call(command, request));
        await afterChange();
      }, button),
    );
    return button;
  }

  function entryRow(entry: EntryView): HTMLTableRowElement {
    const live = entry.state !== 'refused' && entry.state !== 'withdrawn';
    const actions: HTMLElement[] = [];
    if ((entry.state === 'pending' || entry.state === 'waiting') && entry.player === null) {
      actions.push(step(t('door.accept'), 'decide_entry', { entry: entry.number, accept: true }, `entry-accept-${entry.number}`));
    }
    if (live && entry.player === null) {
      actions.push(step(t('door.refuse'), 'decide_entry', { entry: entry.number, accept: false }, `entry-refuse-${entry.number}`));
    }
    if (entry.state === 'accepted' && entry.player === null) {
      actions.push(step(t('door.checkIn'), 'check_in', { entry: entry.number }, `entry-check-in-${entry.number}`));
    }
    if (live) actions.push(step(t('door.withdraw'), 'withdraw_entry', { entry: entry.number }, `entry-withdraw-${entry.number}`));
    const state = entry.state === 'waiting' && entry.place_in_line !== null
      ? t('door.state.waitingAt', { place: entry.place_in_line })
      : entry.state === 'accepted' && entry.player === null
        ? t('door.state.notCheckedIn')
        : t(`door.state.${entry.state}`);
    return h(
      'tr',
      { 'data-testid': `entry-${entry.number}` },
      h('td', { class: 'num' }, String(entry.number)),
      h('td', {}, entry.name, entry.reading ? h('span', { class: 'hint' }, ` (${entry.reading})`) : ''),
      h('td', { 'data-testid': `entry-state-${entry.number}` }, state, entry.player === null ? '' : ` — ${t('door.playerNo', { player: entry.player })}`),
      h('td', { class: 'actions' }, ...actions),
    );
  }

  save.addEventListener('click', () =>
    void run(async () => {
      const cap = countOf(seats.value);
      const limit = countOf(waitingLimit.value);
      if (cap === 'invalid' || limit === 'invalid') throw new Error(t('door.countInvalid'));
      const settings: DoorSettings = {
        open: open.checked,
        mode: mode.value as DoorSettings['mode'],
        seats: cap,
        waiting_limit: limit,
        closes_at: secondsOf(closesAt.value),
        check_in: checkIn.checked,
        drop_requests: drops.value as DoorSettings['drop_requests'],
      };
      show(await call('set_door', settings));
      await afterChange();
      announce(t('door.saved'));
    }, save),
  );
  draw.addEventListener('click', () =>
    void run(async () => {
      const view = await call('draw_lottery', { seed: null });
      show(view);
      await afterChange();
      announce(t('door.drawn', { seed: view.lottery_seed ?? '' }));
    }, draw),
  );
  deskAdd.addEventListener('click', () =>
    void run(async () => {
      const name = deskName.value.trim();
      if (!name) throw new Error(t('registration.nameRequired'));
      show(await call('desk_enter', { name, reading: null, publisher_id: null, members: [] }));
      deskName.value = '';
      await afterChange();
    }, deskAdd),
  );

  void run(refresh);
  return h(
    'section',
    { class: 'panel', 'data-testid': 'door-panel' },
    h('h3', {}, t('door.title')),
    h('p', { class: 'hint' }, t('door.hint')),
    h(
      'div',
      { class: 'door-settings' },
      checkbox(t('door.open'), open),
      field(t('door.modeLabel'), mode),
      field(t('door.seats'), seats, t('door.seatsHint')),
      field(t('door.waitingLimit'), waitingLimit, t('door.waitingLimitHint')),
      field(t('door.closesAt'), closesAt, t('door.closesAtHint')),
      checkbox(t('door.checkInLabel'), checkIn),
      field(t('door.dropsLabel'), drops),
      save,
    ),
    summary,
    where,
    draw,
    h(
      'table',
      { 'data-testid': 'door-entry-list' },
      h('thead', {}, h('tr', {}, ...['number', 'name', 'state', 'action'].map((c) => h('th', { scope: 'col' }, t(`door.columns.${c}`))))),
      entries,
    ),
    h('div', { class: 'inline' }, field(t('door.deskName'), deskName, t('door.deskHint')), deskAdd),
    h('h4', {}, t('door.dropRequestsTitle')),
    requests,
  );
}
