// Projector window (#/projector): the round clock in big digits, read from localStorage
// four times a second so it always shows what the Timer screen set, or the top-cut bracket
// (re-read every few seconds) when the Top cut screen sent it there, or the season's table
// (the Prizes screen's season, recomputed from its event files every few seconds), or the
// round's pairings by name and the standings (re-read every few seconds). While the event is
// shared on the shop's network, a corner shows the players' page address and its QR code
// (and, while the door takes entries, the entry page's).
// Escape closes it.
import * as api from '../api';
import { h } from '../dom';
import { t } from '../i18n';
import type { OpenEventView } from '../bindings/OpenEventView';
import { projectorView } from '../projectorView';
import * as timer from '../timer';
import { bracketDrawing } from './bracketDrawing';
import { pairingsBoard, standingsBoard } from './projectorBoards';
import { metaPicture, seasonRequestFiles } from './ratingsMeta';
import { loadSeason, seasonTable } from './season';

/** How often the bracket is read again (ms). */
const BRACKET_REFRESH = 4000;

export function mountProjector(root: HTMLElement): void {
  document.body.classList.add('projector-body');
  const round = h('p', { class: 'projector-round' });
  const clock = h('p', { class: 'projector-clock', 'data-testid': 'projector-clock', role: 'timer' });
  const status = h('p', { class: 'projector-status' });
  const procedure = h('p', { class: 'projector-procedure' });
  const tables = h('ul', { class: 'projector-tables' });
  // Several events open at once: each one's round and clock side by side.
  const others = h('ul', { class: 'projector-events', 'data-testid': 'projector-events', hidden: true });
  const clockView = h('main', { class: 'projector', 'aria-label': t('timer.projectorTitle') }, round, clock, status, procedure, tables, others);
  const bracketTitle = h('h1', { class: 'projector-bracket-title' });
  const bracketArea = h('div', { class: 'projector-bracket-area' });
  const bracketView = h('main', { class: 'projector projector-bracket', 'data-testid': 'projector-bracket', 'aria-label': t('cut.projectorTitle') }, bracketTitle, bracketArea);
  const seasonTitle = h('h1', { class: 'projector-bracket-title' });
  const seasonArea = h('div', { class: 'projector-season-area' });
  const seasonView = h('main', { class: 'projector projector-season', 'data-testid': 'projector-season', 'aria-label': t('season.projectorTitle') }, seasonTitle, seasonArea);
  const pairingsTitle = h('h1', { class: 'projector-bracket-title' });
  const pairingsArea = h('div', { class: 'projector-board-area' });
  const pairingsView = h('main', { class: 'projector projector-boards', 'data-testid': 'projector-pairings', 'aria-label': t('projector.pairings') }, pairingsTitle, pairingsArea);
  const standingsTitle = h('h1', { class: 'projector-bracket-title' });
  const standingsArea = h('div', { class: 'projector-board-area' });
  const standingsView = h('main', { class: 'projector projector-boards', 'data-testid': 'projector-standings', 'aria-label': t('projector.standings') }, standingsTitle, standingsArea);
  const metaTitle = h('h1', { class: 'projector-bracket-title' }, t('ratingsMeta.title'));
  const metaArea = h('div', { class: 'projector-board-area projector-meta' });
  const metaView = h('main', { class: 'projector projector-boards', 'data-testid': 'projector-meta', 'aria-label': t('ratingsMeta.title') }, metaTitle, metaArea);
  const shareCorner = h('aside', { class: 'projector-share', 'data-testid': 'projector-share', hidden: true });
  root.replaceChildren(clockView, bracketView, seasonView, pairingsView, standingsView, metaView, shareCorner);

  /** Asks the shell whether the event is shared (it only reports; it never starts sharing). */
  const loadShare = async () => {
    try {
      const sharing = await api.share(null, null);
      shareCorner.hidden = sharing === null;
      if (!sharing) return;
      const url = sharing.urls[0] ?? sharing.local_url;
      const qr = h('div', { class: 'qr', role: 'img', 'aria-label': t('share.qr') });
      // The SVG is the shell's own drawing of the address (no user text in it).
      if (sharing.qr_svg) qr.innerHTML = sharing.qr_svg;
      shareCorner.replaceChildren(qr, h('p', {}, t('share.findOnPhone')), h('p', { class: 'path' }, url));
      // While the door takes entries, its QR code is shown too (the poster on the wall).
      const door = await api.call('door_view', null).catch(() => null);
      if (door && door.settings.open && door.entry_url) {
        const entry = h('div', { class: 'qr', role: 'img', 'aria-label': t('door.qr'), 'data-testid': 'projector-door-qr' });
        if (door.entry_qr_svg) entry.innerHTML = door.entry_qr_svg;
        shareCorner.append(entry, h('p', {}, t('door.projector')), h('p', { class: 'path' }, door.entry_url));
      }
    } catch {
      shareCorner.hidden = true;
    }
  };

  /** The events open at once, and when they were asked for (their clocks run from there). */
  let open: { events: OpenEventView[]; at: number } = { events: [], at: 0 };
  const loadEvents = async () => {
    try {
      open = { events: await api.call('open_events', null), at: Date.now() };
    } catch {
      // Keeps what it showed.
    }
  };
  const eventClock = (event: OpenEventView, now: number): string => {
    if (!event.clock) return '--:--';
    const passed = event.clock.running ? now - open.at : 0;
    return timer.formatClock(Math.max(0, event.clock.remaining_ms - passed));
  };

  const tick = () => {
    const now = Date.now();
    others.hidden = open.events.length < 2;
    if (open.events.length >= 2) {
      others.replaceChildren(
        ...open.events.map((event) =>
          h(
            'li',
            { 'data-testid': 'projector-event', class: event.active ? 'active' : undefined },
            h('span', { class: 'name' }, event.name),
            h('span', {}, event.round === null ? '—' : t('results.roundN', { round: event.round })),
            h('span', { class: 'clock' }, eventClock(event, now)),
          ),
        ),
      );
    }
    const active = open.events.find((event) => event.active);
    const state = timer.loadTimer(localStorage, timer.timerKey(active?.file));
    if (!state) {
      clock.textContent = '--:--';
      status.textContent = t('timer.notSet');
      return;
    }
    const current = timer.status(state, now);
    round.textContent = state.round !== null ? t('results.roundN', { round: state.round }) : '';
    clock.textContent = timer.formatClock(timer.remaining(state, now));
    clock.classList.toggle('up', current === 'up');
    status.textContent = current === 'up' ? t('timer.upTitle') : t(`timer.status.${current}`);
    procedure.textContent = current === 'up' ? timer.procedureText(state, t) : '';
    tables.replaceChildren(
      ...state.tableExtensions.map((extension) =>
        h('li', {}, t('timer.projectorTable', { table: extension.table, clock: timer.formatClock(timer.tableRemaining(state, extension, now)) })),
      ),
    );
  };

  let lastBracket = '';
  const loadBracket = async () => {
    try {
      const view = await api.call('bracket', null);
      const key = JSON.stringify(view);
      if (key === lastBracket) return;
      lastBracket = key;
      bracketTitle.textContent = view ? t('cut.bracketTitle', { size: view.size }) : t('cut.noBracket');
      bracketArea.replaceChildren(view ? bracketDrawing(view) : '');
      fit();
    } catch {
      // The scorekeeper's window shows errors; the projector keeps what it showed.
    }
  };
  let lastSeason = '';
  const loadSeasonTable = async () => {
    const request = loadSeason();
    if (!request) {
      seasonTitle.textContent = t('season.empty');
      seasonArea.replaceChildren();
      return;
    }
    try {
      const view = await api.call('season', request);
      const key = JSON.stringify(view);
      if (key === lastSeason) return;
      lastSeason = key;
      seasonTitle.textContent = t('season.summary', { name: view.name, count: view.events.length });
      seasonArea.replaceChildren(seasonTable(view));
    } catch {
      // The scorekeeper's window shows errors; the projector keeps what it showed.
    }
  };
  let lastBoard = '';
  const loadBoard = async (view: 'pairings' | 'standings') => {
    try {
      const answer = view === 'pairings' ? await api.call('pairings', { round: null }) : await api.call('standings', { first: null });
      // Decks only once revealed: the room's own answer carries them then, and only then.
      const decks = view === 'standings' ? ((await api.call('room', null).catch(() => null))?.decks ?? null) : null;
      const key = view + JSON.stringify(answer) + JSON.stringify(decks);
      if (key === lastBoard) return;
      lastBoard = key;
      if ('tables' in answer) {
        pairingsTitle.textContent = t('projector.pairingsTitle', { round: answer.round });
        pairingsArea.replaceChildren(pairingsBoard(answer, document.documentElement.lang || 'en'));
      } else {
        standingsTitle.textContent = t('projector.standingsTitle', { round: answer.completed_rounds });
        standingsArea.replaceChildren(standingsBoard(answer, decks));
      }
    } catch {
      // No round paired yet, or the event closed: the scorekeeper's window says why.
      const title = view === 'pairings' ? pairingsTitle : standingsTitle;
      title.textContent = t('projector.nothingYet');
      (view === 'pairings' ? pairingsArea : standingsArea).replaceChildren();
      lastBoard = '';
    }
  };
  let lastMeta = '';
  const loadMeta = async () => {
    try {
      const view = await api.call('meta', { ...seasonRequestFiles(), for_room: true });
      const key = JSON.stringify(view);
      if (key === lastMeta) return;
      lastMeta = key;
      metaArea.replaceChildren(metaPicture(view, { onProjector: true }));
    } catch {
      // The scorekeeper's window shows errors; the projector keeps what it showed.
    }
  };
  /** Scales the bracket to the screen. */
  const fit = () => {
    const canvas = bracketArea.querySelector<HTMLElement>('.bracket-canvas');
    if (!canvas) return;
    const width = canvas.offsetWidth || 1;
    const height = canvas.offsetHeight || 1;
    const scale = Math.max(0.3, Math.min((window.innerWidth - 64) / width, (window.innerHeight - 160) / height, 2.5));
    canvas.style.transform = `scale(${scale})`;
    // The drawing takes the room of its scaled size, so nothing scrolls.
    bracketArea.style.width = `${Math.ceil(width * scale)}px`;
    bracketArea.style.height = `${Math.ceil(height * scale)}px`;
  };

  const show = () => {
    const view = projectorView();
    clockView.hidden = view !== 'clock';
    bracketView.hidden = view !== 'bracket';
    seasonView.hidden = view !== 'season';
    pairingsView.hidden = view !== 'pairings';
    standingsView.hidden = view !== 'standings';
    metaView.hidden = view !== 'meta';
    if (view === 'meta') void loadMeta();
    if (view === 'bracket') void loadBracket();
    if (view === 'season') void loadSeasonTable();
    if (view === 'pairings' || view === 'standings') void loadBoard(view);
  };
  show();
  void loadEvents().then(tick);
  window.setInterval(() => void loadEvents(), 2000);
  tick();
  void loadShare();
  window.setInterval(() => void loadShare(), BRACKET_REFRESH);
  window.setInterval(tick, 250);
  window.setInterval(() => {
    if (projectorView() === 'bracket') void loadBracket();
    if (projectorView() === 'season') void loadSeasonTable();
    const view = projectorView();
    if (view === 'pairings' || view === 'standings') void loadBoard(view);
    if (view === 'meta') void loadMeta();
  }, BRACKET_REFRESH);
  window.addEventListener('storage', () => {
    tick();
    show();
  });
  window.addEventListener('resize', fit);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') void api.closeCurrentWindow();
  });
}
