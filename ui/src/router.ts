// Hash routes (#/start, #/results, …), the tab bar, the header line and the message areas.
// Each screen mounts into <main> and may return a clean-up for its timers and key handlers.
import { append, h } from './dom';
import { attentionBar } from './attention';
import { clearFeedback, feedbackAreas } from './feedback';
import { eventLine } from './format';
import { has, localName, t } from './i18n';
import { eventSwitcher } from './screens/openEvents';
import * as state from './state';

const ROUTES = ['start', 'registration', 'round', 'results', 'standings', 'cut', 'prizes', 'timer', 'share', 'settings'] as const;
export type Route = (typeof ROUTES)[number];
/** The screens that are tools rather than steps of the night, shown apart at the end. */
const TOOLS: readonly Route[] = ['timer', 'share', 'settings'];
export type Screen = (root: HTMLElement) => (() => void) | void;

let app: HTMLElement;
let screens: Record<Route, Screen>;
let main: HTMLElement;
let eventSummary: HTMLElement;
let readOnlyBanner: HTMLElement;
let stationBanner: HTMLElement;
let stationText: HTMLElement;
let stationTakeOver: HTMLElement;
/** Whether the main laptop answered the last check (only while this app is a station). */
let stationOnline = true;
let tabs: Map<Route, HTMLAnchorElement>;
let cleanup: (() => void) | void;
/** The attention bar (made again with the shell; it refreshes itself). */
let attention: ReturnType<typeof attentionBar> | null = null;
/** The switcher between events open at once (made once; it refreshes itself). */
let switcher: ReturnType<typeof eventSwitcher> | null = null;

function switcherElement(): HTMLElement {
  switcher ??= eventSwitcher(show);
  switcher.relabel();
  return switcher.element;
}

/** Whether the screen change under way is the scorekeeper's own (a tab, a link, a key). */
let movedByHand = false;

export function startRouter(root: HTMLElement, table: Record<Route, Screen>): void {
  app = root;
  screens = table;
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
    // A link to the screen already shown changes nothing, so it clears nothing either.
    if (link && link.getAttribute('href') !== location.hash) movedByHand = true;
  });
  window.addEventListener('hashchange', show);
  document.addEventListener('keydown', shortcut);
  window.setInterval(() => void checkStation(), STATION_CHECK_MS);
  state.onEventChange(updateSummary);
  rerender();
}

export function go(route: Route): void {
  if (current() === route) show();
  else location.hash = `#/${route}`;
}

/** Builds the shell again (after a language change) and shows the current screen. */
export function rerender(): void {
  tabs = new Map(
    ROUTES.map((route, index) => [
      route,
      h(
        'a',
        { href: `#/${route}`, 'data-testid': `nav-${route}`, 'aria-keyshortcuts': `Alt+${(index + 1) % 10}`, title: `Alt+${(index + 1) % 10}` },
        t(`nav.${route}`),
      ),
    ]),
  );
  eventSummary = h('p', { class: 'event-line', 'data-testid': 'event-summary' });
  readOnlyBanner = h('div', { class: 'read-only no-print', 'data-testid': 'read-only-banner', role: 'alert', hidden: true });
  stationText = h('span');
  // Where the station's way out is: Start holds its copy and Take over, with the question.
  stationTakeOver = h('button', { type: 'button', class: 'link', 'data-testid': 'station-lost-take-over', hidden: true }, t('station.takeOverFrom'));
  stationTakeOver.addEventListener('click', () => go('start'));
  stationBanner = h('div', { class: 'station no-print', 'data-testid': 'station-banner', role: 'status', hidden: true }, stationText, ' ', stationTakeOver);
  main = h('main', { id: 'main', tabindex: -1 });
  attention?.stop();
  attention = attentionBar(tabs);
  app.replaceChildren(
    h('header', { class: 'app-header no-print' }, h('h1', {}, t('app.name')), eventSummary, switcherElement()),
    readOnlyBanner,
    stationBanner,
    // The night's screens in its order, then the tools (the clock, sharing, settings) apart.
    h(
      'nav',
      { class: 'tabs no-print', 'aria-label': t('nav.label') },
      h(
        'ul',
        {},
        ...[...tabs].flatMap(([route, tab]) => [
          route === TOOLS[0] ? h('li', { class: 'tools-label', 'data-testid': 'nav-tools' }, t('nav.tools')) : null,
          h('li', { class: TOOLS.includes(route) ? 'tool' : undefined }, tab),
        ]).filter((item): item is HTMLLIElement => item !== null),
      ),
    ),
    attention.element,
    feedbackAreas(),
    main,
  );
  updateSummary();
  show();
}

function current(): Route {
  const name = location.hash.replace(/^#\/?/, '');
  const route = ROUTES.find((r) => r === name);
  if (route) return route;
  return state.event() ? 'registration' : 'start';
}

function show(): void {
  const route = current();
  showStationTakeOver();
  cleanup?.();
  // What the last screen said stays with it when the scorekeeper moves on (a drop's notice
  // does not follow to Standings); a step that itself moves to a screen ("Created …", then
  // Registration) keeps its message.
  if (movedByHand) clearFeedback();
  movedByHand = false;
  for (const [name, tab] of tabs) {
    if (name === route) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  // The new screen mounts first, then the old one's nodes go: mounting sends the new
  // screen's first ask to the shell, which answers it while this thread takes the old
  // screen down (round 11's screen of a 1,024-player event takes 10–25 ms to remove on a
  // 2-core laptop, longer than the shell takes for the top of 1,024 standings).
  const old = [...main.childNodes];
  cleanup = screens[route](main);
  for (const node of old) node.remove();
  // Lay the page out now, while the new screen waits for its data: the old screen's boxes
  // are taken down here instead of in the frame that first shows that data (a 512-row
  // table took tens of milliseconds there).
  void main.offsetHeight;
  if (!main.contains(document.activeElement)) main.querySelector<HTMLElement>('h2')?.focus();
}

/** How often a station checks that the main laptop answers. */
const STATION_CHECK_MS = 3000;

/** A station asks the main laptop for the event; the banner says when it does not answer. */
async function checkStation(): Promise<void> {
  if (!state.appInfo()?.station) return;
  try {
    await state.refreshEvent();
    stationOnline = true;
  } catch {
    stationOnline = false;
  }
  updateSummary();
}

/** Take over… beside a lost main laptop, except on Start, where the take-over is. The button
 * is kept, not rebuilt every few seconds: a focused button keeps its focus. */
function showStationTakeOver(): void {
  stationTakeOver.hidden = !state.appInfo()?.station || stationOnline || current() === 'start';
}

function updateSummary(): void {
  const station = state.appInfo()?.station ?? null;
  stationBanner.hidden = station === null;
  stationText.textContent = station === null ? '' : stationOnline ? t('station.banner', { address: station }) : t('station.lost');
  showStationTakeOver();
  stationBanner.classList.toggle('lost', !stationOnline);
  stationBanner.setAttribute('role', stationOnline ? 'status' : 'alert');
  const open = state.event();
  eventSummary.textContent = open ? eventLine(open, localName(open.ruleset)) : t('event.none');
  const readOnly = open?.read_only ?? null;
  readOnlyBanner.hidden = readOnly === null;
  readOnlyBanner.replaceChildren();
  if (readOnly) {
    const reason = has(`readOnly.reasons.${readOnly.reason}`) ? t(`readOnly.reasons.${readOnly.reason}`) : readOnly.reason;
    append(
      readOnlyBanner,
      h('strong', {}, t('readOnly.title')),
      ' ',
      reason,
      ' ',
      has(`readOnly.advices.${readOnly.reason}`) ? t(`readOnly.advices.${readOnly.reason}`) : t('readOnly.advice'),
      readOnly.detail ? h('details', {}, h('summary', {}, t('readOnly.detail')), h('p', { class: 'path', lang: 'en' }, readOnly.detail)) : null,
    );
  }
}

/** Alt+1 … Alt+9 and Alt+0 (the tenth) switch tabs. */
function shortcut(event: KeyboardEvent): void {
  if (!event.altKey || event.ctrlKey || event.metaKey) return;
  const digit = /^Digit(\d)$/.exec(event.code)?.[1];
  const route = digit ? ROUTES[(Number(digit) + 9) % 10] : undefined;
  if (route) {
    event.preventDefault();
    movedByHand = route !== current();
    go(route);
  }
}
