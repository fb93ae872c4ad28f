// @ts-check
// The players' page: follows the room (POST /api/call/room every 2 s, redrawing only when
// its version changes), finds a player's table by a fragment of their name (any script,
// kana-insensitive) or their number, counts the round clock down between polls, and
// reports a table's result. A phone that opened a player ticket's QR code (`#p=CODE`) or was
// given its code is that player: it shows their table first and reports with their own code
// (their seat only); without one, a report needs the table's code from the match slip. Names
// are always set as text, never as markup. Words in English and Japanese (from /words.js):
// the phone's language, switchable. The door — entering, check-in, "my table", dropping and
// calling a judge — is door.js.
'use strict';

// The page's words in every language: the `room` section of the catalogues every host
// shares (crates/words/locales/<language>.json), set by /words.js before this script runs.
const WORDS = /** @type {Record<string, Record<string, string>>} */ (
  /** @type {any} */ (globalThis).TABLEKEEPER_WORDS ?? { en: {} }
);
/** Every language the catalogues hold, with its own name: `[{id, name}]`, from /words.js. */
const LANGUAGES = /** @type {{id: string, name: string}[]} */ (
  /** @type {any} */ (globalThis).TABLEKEEPER_LANGUAGES ?? [{ id: 'en', name: 'English' }]
);

/**
 * The language a tag asks for: the one whose id has the tag's primary subtag (`fr-CA` → fr,
 * `zh-TW` → zh-Hant), the laptop's rule (`Language::from_tag`); null if none.
 * @param {string | null | undefined} tag
 */
function languageOf(tag) {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_.@;]/)[0] ?? '';
  return LANGUAGES.find((l) => primary !== '' && l.id.toLowerCase().split('-')[0] === primary)?.id ?? null;
}

/** The phone's chosen language, else the first of its own languages the page speaks. */
let language = languageOf(localStorage.getItem('tablekeeper.room.language'))
  ?? [...(navigator.languages ?? []), navigator.language].map(languageOf).find((l) => l !== null)
  ?? 'en';
/** @type {any} */
let room = null;
let version = '';
let clockBase = { remainingMs: 0, running: false, at: 0 };
let tab = 'find';
/** @type {{table: number, player: number, seat: 'a' | 'b'} | null} */
let reporting = null;
const ME_KEY = 'tablekeeper.room.me';
/** The event this phone follows among those open on the main laptop ('' = the shared one). */
const EVENT_KEY = 'tablekeeper.room.event';
let eventCode = localStorage.getItem(EVENT_KEY) || '';
/** This phone's player (or entry), from their ticket or their entry. @type {{code: string, player: number | null, name: string} | null} */
let me = readMe();

function readMe() {
  try {
    const stored = JSON.parse(localStorage.getItem(ME_KEY) || 'null');
    return stored && typeof stored.code === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** @param {string} key @param {Record<string, string | number>} [params] */
function t(key, params = {}) {
  const text = WORDS[language]?.[key] ?? WORDS.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** @param {string} id */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element;
}

/** Writes `text` into #`id` only when it changed: a live region speaks only then.
 * @param {string} id @param {string} text */
function write(id, text) {
  const element = byId(id);
  if (element.textContent !== text) element.textContent = text;
}

/** @param {string} tag @param {string} [text] @param {string} [className] */
function el(tag, text, className) {
  const element = document.createElement(tag);
  if (text !== undefined) element.textContent = text;
  if (className) element.className = className;
  return element;
}

/** Folds what people type differently: width, case, spaces, katakana vs hiragana. @param {string} text */
function fold(text) {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '')
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** @param {string} path @param {unknown} body @param {Record<string, string>} [headers] */
async function call(path, body, headers = {}) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Language': language, ...headers },
    body: JSON.stringify(body),
  });
  return response.json();
}

/**
 * Sends a step from the page, saying "Sending…" in `status` until it is answered; the answer's
 * data, or null after the refusal (in the asker's language) or the lost connection was shown.
 * @param {HTMLElement} status @param {string} path @param {unknown} body
 */
async function send(status, path, body) {
  status.textContent = t('sending');
  status.className = '';
  try {
    // A step goes to the event the page follows (a side event's table), else the shared one.
    const answer = await call(path, body, eventCode ? { 'X-Event': eventCode } : {});
    if (answer.ok) return answer.data;
    status.textContent = answer.error.message;
    // Kept on this laptop but not confirmed: a station may carry the event on; if one
    // serves it, the page moves there and the player sends it again.
    if (answer.error.kind === 'unconfirmed') void lookElsewhere();
  } catch {
    status.textContent = t('offline');
  }
  status.className = 'error';
  return null;
}

/** Where the event may go on if this laptop stops: its stations' addresses (`ip:port`),
 * learned while the room is healthy and kept on the phone (docs/lan.md, "Taking over"). */
const HOSTS_KEY = 'tablekeeper.room.hosts';
/** When the polls began to fail (0: the last one was answered). */
let failingSince = 0;
/** A look at the stations is under way. */
let looking = false;
/** The page is on its way to a station that took the event over. */
let moving = false;

/** @param {any} view */
function keepHosts(view) {
  if (Array.isArray(view.hosts)) {
    const hosts = view.hosts.filter((/** @type {unknown} */ h) => typeof h === 'string').slice(0, 16);
    localStorage.setItem(HOSTS_KEY, JSON.stringify(hosts));
  }
  if (typeof view.moved_to === 'string' && view.moved_to !== location.host) moveTo(view.moved_to);
}

/** @returns {string[]} */
function knownHosts() {
  try {
    const hosts = JSON.parse(localStorage.getItem(HOSTS_KEY) || '[]');
    return Array.isArray(hosts) ? hosts.filter((h) => typeof h === 'string' && h !== location.host) : [];
  } catch {
    return [];
  }
}

/** This laptop stopped answering: the first station that answers now is where the event
 * went on (a station serves the event only once it has taken it over). */
async function lookElsewhere() {
  if (looking) return;
  looking = true;
  try {
    for (const host of knownHosts()) {
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(), 1500);
      try {
        // Another origin: the answer cannot be read, but that it came is enough.
        await fetch(`http://${host}/room.css`, { mode: 'no-cors', cache: 'no-store', signal: stop.signal });
        moveTo(host);
        return;
      } catch {
        // Not there (yet).
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    looking = false;
  }
}

/** Opens the page at `host`, as this player (the code travels in the fragment, never to a
 * server log). @param {string} host */
function moveTo(host) {
  // Once: polls still under way may fail again while the next page loads.
  if (moving) return;
  moving = true;
  setStatus(t('moving'));
  const code = me && me.code ? `#p=${encodeURIComponent(me.code)}` : '';
  location.assign(`http://${host}/${code}`);
}

async function poll() {
  try {
    // Only the page's view follows the chosen event; a ticket's steps stay with its own.
    const answer = await call('/api/call/room', null, eventCode ? { 'X-Event': eventCode } : {});
    failingSince = 0;
    setStatus('');
    if (!answer.ok && eventCode) {
      // The event followed was closed: back to the shared one.
      followEvent('');
      return;
    }
    if (!answer.ok) { setStatus(answer.error.message, true); return; }
    const view = answer.data;
    keepHosts(view);
    if (view.clock) {
      clockBase = { remainingMs: view.clock.remaining_ms, running: view.clock.running, at: Date.now() };
    }
    if (view.version !== version) {
      room = view;
      version = view.version;
      render();
    }
    setStatus(t('updated', { time: new Date().toLocaleTimeString(language) }));
  } catch {
    setStatus(t('offline'), true);
    if (!failingSince) failingSince = Date.now();
    // A few failed polls in a row (not one lost packet): look for a station that took over.
    if (Date.now() - failingSince >= 3000) void lookElsewhere();
  }
}

/** @param {string} text @param {boolean} [error] */
function setStatus(text, error = false) {
  const status = byId('status');
  status.textContent = text;
  status.className = error ? 'error' : '';
  // Only a problem is read out; "Updated 5:06:08 PM" every 2 seconds is not.
  if (error) status.setAttribute('role', 'alert');
  else status.removeAttribute('role');
}

function tickClock() {
  const clock = byId('clock');
  if (!room || !room.clock) { clock.textContent = ''; return; }
  const elapsed = clockBase.running ? Date.now() - clockBase.at : 0;
  const left = Math.max(0, clockBase.remainingMs - elapsed);
  const seconds = Math.ceil(left / 1000);
  clock.textContent = left === 0 ? t('clockUp')
    : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  clock.className = left === 0 ? 'up' : clockBase.running ? '' : 'paused';
  clock.title = clockBase.running ? '' : t('clockPaused');
}

function renderWords() {
  document.documentElement.lang = language;
  const chooser = /** @type {HTMLSelectElement} */ (byId('language'));
  if (chooser.options.length !== LANGUAGES.length) {
    chooser.replaceChildren(...LANGUAGES.map(({ id, name }) => new Option(name, id)));
  }
  chooser.value = language;
  for (const [id, key] of [['tab-find', 'find'], ['tab-pairings', 'pairings'], ['tab-standings', 'standings'],
    ['tab-bracket', 'bracket'], ['tab-season', 'season'], ['h-season-rank', 'rank'], ['h-season-name', 'player'],
    ['h-season-points', 'points'], ['h-season-events', 'events'], ['tab-decks', 'decks'], ['h-deck-name', 'player'], ['h-deck', 'deck'], ['search-label', 'searchLabel'], ['h-table', 'table'], ['h-a', 'player'],
    ['h-b', 'opponent'], ['h-result', 'result'], ['h-rank', 'rank'], ['h-name', 'player'],
    ['h-points', 'points'], ['h-record', 'record'], ['report-games-label', 'games'],
    ['report-code-label', 'code'], ['report-cancel', 'cancel'], ['report-send', 'send'],
    ['me-forget', 'forget'], ['me-code-label', 'ticketCode'], ['me-use', 'use']]) {
    byId(id).textContent = t(key);
  }
  renderMe();
}

function renderMe() {
  byId('me-who').hidden = !me;
  byId('me-form').hidden = !!me;
  byId('me-name').textContent = !me ? '' : me.player ? t('you', { name: me.name, n: me.player }) : me.name;
}

/** Makes this phone the player (or the entry) whose code this is (the server says whose). @param {string} code */
async function adopt(code) {
  const status = byId('me-status');
  status.textContent = '';
  status.className = '';
  // From now on this phone is whoever holds `code`: a poll still under way for the previous
  // holder must not show their entry, nor a button act for them (`pollMine` drops it).
  me = { code, player: null, name: '' };
  mine = null;
  try {
    const answer = await call('/api/call/me', { code });
    if (answer.ok) {
      keepMine(code, answer.data);
    } else {
      // A reissued ticket, another event's ticket or a typing mistake: say so, forget it.
      forgetMe();
      status.textContent = answer.error.message;
      status.className = 'error';
    }
  } catch {
    status.textContent = t('offline');
    status.className = 'error';
  }
  render();
}

function forgetMe() {
  me = null;
  localStorage.removeItem(ME_KEY);
  keepMine(null, null);
}

/** @param {any} result @param {any} table */
function resultText(result, table) {
  if (!result) return table.report ? t('reported') : '';
  const games = result.games ? ` ${result.games[0]}-${result.games[1]}` : '';
  if (result.kind === 'win') {
    const winner = result.winner === 'b' ? table.b.name : table.a.name;
    return t('winner', { name: winner }) + games;
  }
  return (result.kind === 'draw' ? t('drawn') : t(result.kind)) + games;
}

/** Follows another open event (its code; '' = the shared one). @param {string} code */
function followEvent(code) {
  eventCode = code;
  if (code) localStorage.setItem(EVENT_KEY, code);
  else localStorage.removeItem(EVENT_KEY);
  version = '';
  void poll();
}

/** The list of events open on the main laptop, while there are several. */
function renderEvents() {
  const choice = /** @type {HTMLSelectElement} */ (byId('event-choice'));
  const events = room && Array.isArray(room.events) ? room.events : [];
  byId('events').hidden = events.length < 2;
  byId('event-choice-label').textContent = t('events');
  if (events.length < 2) return;
  const current = eventCode || (events.find((/** @type {any} */ e) => e.name === room.event) || {}).code || '';
  choice.replaceChildren(...events.map((/** @type {any} */ e) => {
    const option = document.createElement('option');
    option.value = e.code;
    option.textContent = e.round ? `${e.name} — ${t('round', { n: e.round })}` : e.name;
    option.selected = e.code === current;
    return option;
  }));
}

function render() {
  renderWords();
  renderEvents();
  if (!room) return;
  const title = room.title ? (language === 'ja' ? room.title.ja : room.title.en) : '';
  byId('event').textContent = title ? `${room.event} — ${title}` : room.event;
  const roundName = room.bracket_round ? t(room.bracket_round) : room.round ? t('round', { n: room.round }) : t('noRound');
  byId('round').textContent = roundName;
  byId('tab-standings').hidden = !room.standings;
  byId('tab-bracket').hidden = !room.bracket;
  byId('tab-season').hidden = !room.season;
  byId('tab-decks').hidden = !room.decks;
  if ((tab === 'standings' && !room.standings) || (tab === 'bracket' && !room.bracket) || (tab === 'season' && !room.season)
    || (tab === 'decks' && !room.decks)) tab = 'find';
  byId('tab-enter').hidden = !showEnterTab();
  if (tab === 'enter' && !showEnterTab()) tab = 'find';
  for (const name of ['enter', 'find', 'pairings', 'standings', 'bracket', 'season', 'decks']) {
    byId(name).hidden = name !== tab;
    byId(`tab-${name}`).classList.toggle('active', name === tab);
    byId(`tab-${name}`).setAttribute('aria-selected', String(name === tab));
  }
  renderMatches();
  renderPairings();
  renderStandings();
  renderBracket();
  renderSeason();
  renderDecks();
  renderMine();
  tickClock();
}

function renderMatches() {
  const list = byId('matches');
  list.replaceChildren();
  const typed = /** @type {HTMLInputElement} */ (byId('search')).value.trim();
  // With nothing typed, this phone's player (from their ticket) is the one looked for.
  const query = typed === '' && me && me.player ? String(me.player) : typed;
  if (!room || query === '') return;
  const folded = fold(query);
  const number = /^\d+$/.test(query.normalize('NFKC')) ? Number(query.normalize('NFKC')) : null;
  /** @param {any} seat */
  const matches = (seat) => (number !== null ? seat.number === number : fold(seat.name).includes(folded));
  let found = 0;
  for (const table of room.tables) {
    for (const [seat, me, other] of [['a', table.a, table.b], ['b', table.b, table.a]]) {
      if (!matches(me)) continue;
      found += 1;
      const card = el('div', undefined, 'match');
      card.append(el('div', `${t('table')} ${table.table}`, 'table'));
      card.append(el('div', `${me.name} (${me.number}) ${t('vs')} ${other.name} (${other.number})`, 'names'));
      const result = resultText(table.result, table);
      if (result) card.append(el('div', result));
      if (room.reporting !== 'off' && !table.result) {
        const button = el('button', t('report'));
        button.addEventListener('click', () => openReport(table, me.number, /** @type {'a'|'b'} */ (seat)));
        card.append(button);
      }
      list.append(card);
    }
  }
  for (const bye of room.byes) {
    if (!matches(bye)) continue;
    found += 1;
    const card = el('div', undefined, 'match');
    card.append(el('div', t('bye'), 'table'));
    card.append(el('div', `${bye.name} (${bye.number})`, 'names'));
    list.append(card);
  }
  if (found === 0) list.append(el('p', room.round ? t('noMatch', { q: query }) : t('noRound')));
}

function renderPairings() {
  const rows = byId('pairings-rows');
  rows.replaceChildren();
  if (!room) return;
  for (const table of room.tables) {
    const row = el('tr');
    row.append(el('td', String(table.table), 'num'), el('td', `${table.a.name} (${table.a.number})`),
      el('td', `${table.b.name} (${table.b.number})`), el('td', resultText(table.result, table)));
    rows.append(row);
  }
  for (const bye of room.byes) {
    const row = el('tr');
    row.append(el('td', '—', 'num'), el('td', `${bye.name} (${bye.number})`), el('td', t('bye')), el('td', ''));
    rows.append(row);
  }
}

function renderStandings() {
  const rows = byId('standings-rows');
  rows.replaceChildren();
  if (!room || !room.standings) return;
  for (const standing of room.standings.rows) {
    const row = el('tr');
    row.append(el('td', String(standing.rank), 'num'), el('td', `${standing.name} (${standing.number})`),
      el('td', standing.points, 'num'), el('td', `${standing.wins}-${standing.losses}-${standing.draws}`, 'num'));
    rows.append(row);
  }
}

/** The season the organizer published: rank, name, points, events played. */
function renderSeason() {
  const rows = byId('season-rows');
  rows.replaceChildren();
  byId('season-title').textContent = room && room.season ? t('seasonOf', { name: room.season.name, n: room.season.events }) : '';
  if (!room || !room.season) return;
  for (const standing of room.season.rows) {
    const row = el('tr');
    row.append(el('td', standing.rank === null ? '—' : String(standing.rank), 'num'), el('td', standing.name),
      el('td', String(standing.points), 'num'), el('td', String(standing.events_played), 'num'));
    rows.append(row);
  }
}

/** Each player's deck, once the organizer reveals them (the room carries none before). */
function renderDecks() {
  const rows = byId('deck-rows');
  rows.replaceChildren();
  if (!room || !room.decks) return;
  for (const deck of room.decks) {
    const row = el('tr');
    row.append(el('td', `${deck.name} (${deck.number})`), el('td', deck.deck));
    rows.append(row);
  }
}

function renderBracket() {
  const section = byId('bracket');
  section.replaceChildren();
  if (!room || !room.bracket) return;
  for (const round of room.bracket.rounds) {
    const part = el('div', undefined, 'bracket-round');
    part.append(el('h3', t(round.label)));
    for (const match of round.matches) {
      const a = match.a ? match.a.name : '—';
      const b = match.b ? match.b.name : t('bye');
      const winner = [match.a, match.b].find((s) => s && s.player === match.winner);
      const line = `${match.table ? `${t('table')} ${match.table}: ` : ''}${a} ${t('vs')} ${b}${winner ? ` → ${winner.name}` : ''}`;
      part.append(el('p', line));
    }
    section.append(part);
  }
  if (room.bracket.champion) section.append(el('h3', t('champion', { name: room.bracket.champion.name })));
}

/** @param {any} table @param {number} player @param {'a'|'b'} seat */
function openReport(table, player, seat) {
  reporting = { table: table.table, player, seat };
  byId('report-title').textContent = t('reportTitle', { t: table.table });
  const choices = byId('report-choices');
  choices.replaceChildren();
  for (const [value, key] of [['won', 'won'], ['lost', 'lost'], ['draw', 'draw'], ['dl', 'doubleLoss']]) {
    const label = el('label');
    const input = /** @type {HTMLInputElement} */ (el('input'));
    input.type = 'radio';
    input.name = 'outcome';
    input.value = value;
    label.append(input, document.createTextNode(t(key)));
    choices.append(label);
  }
  const own = !!me && me.player === player;
  const code = /** @type {HTMLInputElement} */ (byId('report-code'));
  code.hidden = own;
  code.required = !own;
  byId('report-code-label').hidden = own;
  byId('report-status').textContent = own ? t('withTicket') : '';
  byId('report-status').className = '';
  /** @type {HTMLDialogElement} */ (byId('report')).showModal();
}

/** The report in the table's grammar (seat A's view): the reporter's choice turned around for seat B. */
function reportedResult() {
  if (!reporting) return null;
  const chosen = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name=outcome]:checked'));
  if (!chosen) return { error: t('chooseResult') };
  const gamesText = /** @type {HTMLInputElement} */ (byId('report-games')).value.normalize('NFKC').replace(/[ー−–—]/g, '-').trim();
  const other = reporting.seat === 'a' ? 'b' : 'a';
  if (chosen.value === 'dl') return { result: 'dl' };
  if (gamesText !== '') {
    const parts = gamesText.match(/^(\d)\s*-\s*(\d)$/);
    if (!parts) return { error: t('badGames') };
    const [mine, theirs] = [Number(parts[1]), Number(parts[2])];
    const [a, b] = reporting.seat === 'a' ? [mine, theirs] : [theirs, mine];
    return { result: `${a}-${b}` };
  }
  if (chosen.value === 'draw') return { result: 'draw' };
  return { result: chosen.value === 'won' ? reporting.seat : other };
}

async function sendReport() {
  const status = byId('report-status');
  const chosen = reportedResult();
  if (!chosen || !reporting || !room) return;
  if ('error' in chosen) { status.textContent = chosen.error ?? ''; status.className = 'error'; return; }
  const own = me && me.player === reporting.player ? me.code : null;
  const answer = await send(status, '/api/call/report_result', {
    round: room.round, table: reporting.table, player: reporting.player,
    code: own ?? /** @type {HTMLInputElement} */ (byId('report-code')).value, result: chosen.result,
  });
  if (answer) {
    status.textContent = t(answer.status);
    version = '';
    poll();
  }
}

function start() {
  renderWords();
  byId('language').addEventListener('change', (event) => {
    language = languageOf(/** @type {HTMLSelectElement} */ (event.target).value) ?? 'en';
    localStorage.setItem('tablekeeper.room.language', language);
    render();
  });
  for (const button of document.querySelectorAll('nav button')) {
    button.addEventListener('click', () => { tab = /** @type {HTMLElement} */ (button).dataset.tab ?? 'find'; render(); });
  }
  byId('search').addEventListener('input', renderMatches);
  byId('report-form').addEventListener('submit', (event) => { event.preventDefault(); sendReport(); });
  byId('report-cancel').addEventListener('click', () => /** @type {HTMLDialogElement} */ (byId('report')).close());
  byId('me-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const code = /** @type {HTMLInputElement} */ (byId('me-code')).value.trim();
    if (code) adopt(code);
  });
  byId('me-forget').addEventListener('click', () => {
    forgetMe();
    // A tablet at the door: the next player enters.
    if (location.pathname === '/enter') tab = 'enter';
    byId('enter-status').textContent = '';
    render();
  });
  startDoor();
  // A ticket's QR code opens the page with the code after `#p=` (or, with the page already
  // open, changes only that part): kept on this phone, then taken off the address bar
  // (someone looking over a shoulder sees no code).
  const fromTicket = () => {
    const code = new URLSearchParams(location.hash.slice(1)).get('p');
    if (!code) return false;
    history.replaceState(null, '', location.pathname);
    adopt(code);
    return true;
  };
  window.addEventListener('hashchange', fromTicket);
  if (!fromTicket() && me) adopt(me.code);
  poll();
  setInterval(poll, 2000);
  // The phone's own part is read every second: "a judge is coming" and a new table show at once.
  setInterval(pollMine, 1000);
  setInterval(tickClock, 250);
}

// door.js (loaded after this script) adds its part first.
document.addEventListener('DOMContentLoaded', start);

byId('event-choice').addEventListener('change', (event) => {
  followEvent(/** @type {HTMLSelectElement} */ (event.target).value);
});
