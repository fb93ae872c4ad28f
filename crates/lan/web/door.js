// @ts-check
// The door on the players' page, with room.js's helpers: the entry form (at
// /enter, the address on the door's QR poster), the phone's own part once it holds a code —
// its entry (waiting list, check-in, withdrawing), its table in the round being played
// (followed from round to round without a reload; the phone vibrates when it changes), the
// player's record and published standing, "I drop after this round" and calling a judge.
// The server tells a phone about its own player only (`me`, by the code it holds).
'use strict';

/** The phone's own view (`me`), or null. @type {any} */
let mine = null;
/** The door's settings for the entry form (`door`). @type {any} */
let doorPage = null;
/** Round and table last shown, to notice a new table. */
let lastSeat = '';

/** Keeps the code and what the server said of it; an entry that became a player takes the
 * player's own code from then on. @param {string | null} code @param {any} view */
function keepMine(code, view) {
  mine = view;
  if (!code || !view) { lastSeat = ''; return; }
  const kept = view.player_code ? view.player_code.replace(/-/g, '') : code;
  me = { code: kept, player: view.player ?? null, name: view.name };
  localStorage.setItem(ME_KEY, JSON.stringify(me));
  const seat = view.table ? `${view.round}:${view.table.table}` : view.bye ? `${view.round}:bye` : '';
  if (seat && lastSeat && seat !== lastSeat && typeof navigator.vibrate === 'function') {
    navigator.vibrate([200, 100, 200]);
  }
  lastSeat = seat;
}

async function pollMine() {
  const holding = me;
  if (!holding) return;
  try {
    const answer = await call('/api/call/me', { code: holding.code });
    // The phone was given to someone else meanwhile ("Not you?"): this answer is not theirs.
    if (me !== holding) return;
    if (answer.ok) {
      keepMine(holding.code, answer.data);
      // The page follows the event the phone's code belongs to (a side event's player).
      const code = answer.data.event_code;
      if (code && code !== eventCode && typeof followEvent === 'function') followEvent(code);
    }
    else if (answer.error.kind === 'wrong-code') {
      // A reissued ticket (a lost or stolen phone): this phone is nobody now, and says why.
      forgetMe();
      const status = byId('me-status');
      status.textContent = answer.error.message;
      status.className = 'error';
    }
    renderMine();
    renderMe();
  } catch {
    // poll() says the connection is lost.
  }
}

function showEnterTab() {
  return location.pathname === '/enter' || (!!doorPage && doorPage.open && !me);
}

async function loadDoor() {
  try {
    const answer = await call('/api/call/door', null);
    doorPage = answer.ok ? answer.data : null;
  } catch {
    doorPage = null;
  }
  renderEnter();
}

function renderEnter() {
  const words = [['enter-title', 'enterTitle'], ['enter-name-label', 'entryName'],
    ['enter-reading-label', 'entryReading'], ['enter-publisher-id-label', 'entryPublisherId'],
    ['enter-send', 'entrySend'], ['tab-enter', 'enterTab'], ['judge-title', 'callJudge'],
    ['judge-reason-label', 'callReason'], ['judge-cancel', 'cancel'], ['judge-send', 'callJudge'],
    ['mine-check-in', 'checkIn'], ['mine-withdraw', 'withdraw'], ['mine-drop-ask', 'dropAsk'],
    ['mine-call-judge', 'callJudge']];
  for (const [id, key] of words) byId(id).textContent = t(key);
  const state = byId('enter-state');
  const form = byId('enter-form');
  if (!doorPage || !doorPage.open) {
    state.textContent = t('entryClosed');
    form.hidden = true;
    return;
  }
  form.hidden = !!me;
  const parts = [];
  if (doorPage.seats_left !== null) parts.push(t('seatsLeft', { n: doorPage.seats_left }));
  if (doorPage.waiting > 0) parts.push(t('waitingCount', { n: doorPage.waiting }));
  if (doorPage.closes_at) {
    parts.push(t('closesAt', { time: new Date(doorPage.closes_at * 1000).toLocaleString(language) }));
  }
  state.textContent = parts.join(' · ');
  const members = byId('enter-members');
  if (members.childElementCount !== doorPage.team_size) {
    members.replaceChildren();
    for (let n = 1; n <= doorPage.team_size; n += 1) {
      const id = `enter-member-${n}`;
      const label = el('label', t('entryMember', { n }));
      label.setAttribute('for', id);
      const input = /** @type {HTMLInputElement} */ (el('input'));
      input.id = id;
      input.required = true;
      input.maxLength = 200;
      members.append(label, input);
    }
  }
}

/** @param {string} id */
function value(id) {
  return /** @type {HTMLInputElement} */ (byId(id)).value.trim();
}

async function sendEntry() {
  const status = byId('enter-status');
  const members = [...byId('enter-members').querySelectorAll('input')].map((i) => i.value.trim());
  const entered = await send(status, '/api/call/enter', {
    name: value('enter-name'), reading: value('enter-reading') || null,
    publisher_id: value('enter-publisher-id') || null, members,
  });
  if (!entered) return;
  keepMine(entered.code.replace(/-/g, ''), entered.me);
  status.textContent = t('yourCode', { code: entered.code });
  render();
  loadDoor();
}

function renderMine() {
  const section = byId('mine');
  section.hidden = !mine;
  renderEnter();
  if (!mine) return;
  const entry = mine.entry;
  write('mine-entry', entry && !mine.player
    ? t(`entry-${entry.state}`, { n: entry.number, place: entry.place_in_line ?? '' })
      + (entry.state === 'accepted' && mine.can_check_in ? ` ${t('checkInNeeded')}` : '')
    : '');
  write('mine-code', me && !mine.player ? t('yourCode', { code: me.code.replace(/^(.{5})/, '$1-') }) : '');
  const table = byId('mine-table');
  table.hidden = !mine.table && !mine.bye;
  if (mine.table) {
    write('mine-table-number', t('myTable', { t: mine.table.table }));
    write('mine-opponent', t('myOpponent', { name: mine.table.opponent.name, n: mine.table.opponent.number }));
    const result = mine.table.result;
    write('mine-result', result ? myResultText(result, mine.table.seat_a) : '');
  } else if (mine.bye) {
    write('mine-table-number', t('bye'));
    write('mine-opponent', t('myBye'));
    write('mine-result', '');
  }
  const record = mine.record;
  write('mine-record', record && mine.round
    ? t('myRecord', { w: record.wins, l: record.losses, d: record.draws, p: record.points }) : '');
  write('mine-standing', mine.standing ? t('myStanding', { rank: mine.standing }) : '');
  write('mine-cut', mine.cut_line ? cutLineText(mine.cut_line) : '');
  renderRating(mine.rating);
  write('mine-drop', mine.dropped ? t('dropped') : mine.drop_request ? t(`drop-${mine.drop_request}`) : '');
  write('mine-call', mine.call ? t(mine.call.claimed ? 'judgeComing' : 'judgeCalled') : '');
  byId('mine-check-in').hidden = !mine.can_check_in;
  byId('mine-withdraw').hidden = !mine.can_withdraw;
  const playing = !!mine.player && !mine.dropped;
  // A declined request is said on the phone, and the player may ask again.
  byId('mine-drop-ask').hidden = !playing || mine.drop_request === 'asked' || mine.drop_request === 'confirmed';
  byId('mine-call-judge').hidden = !playing || !!mine.call;
}

/** The player's own rating and why it last moved, once the organizer publishes ratings.
 * @param {any} rating */
function renderRating(rating) {
  byId('mine-rating').hidden = !rating;
  if (!rating) return;
  write('mine-rating-line', t(rating.provisional ? 'ratingProvisional' : 'rating',
    { rating: rating.rating, deviation: rating.deviation, rank: rating.rank, of: rating.rated_players }));
  write('mine-rating-moved', rating.event && rating.before !== null
    ? t('ratingMoved', { event: rating.event, before: rating.before, after: rating.rating }) : '');
  const list = byId('mine-rating-matches');
  const lines = rating.matches.map((/** @type {any} */ share) => t('ratingShare', {
    opponent: share.opponent, rating: share.opponent_rating, expected: share.expected_percent,
    result: t(share.result === 'win' ? 'won' : share.result === 'draw' ? 'drawn' : 'lost'),
    change: `${share.change_tenths >= 0 ? '+' : '−'}${Math.floor(Math.abs(share.change_tenths) / 10)}.${Math.abs(share.change_tenths) % 10}`,
  }));
  // Written only when they change, so a screen reader is not read the same list again.
  if (list.dataset.lines !== JSON.stringify(lines)) {
    list.dataset.lines = JSON.stringify(lines);
    list.replaceChildren(...lines.map((/** @type {string} */ line) => { const item = document.createElement('li'); item.textContent = line; return item; }));
  }
}

/** The player's own line against the planned cut. @param {any} line */
function cutLineText(line) {
  const top = t('cutTop', { cut: line.cut });
  if (line.chance !== 'depends') return `${top}: ${t(`cut-${line.chance}`)}`;
  const tables = line.tables.join(', ');
  const key = tables ? (line.tiebreakers ? 'cut-depends-tables-tiebreakers' : 'cut-depends-tables')
    : line.tiebreakers ? 'cut-depends-tiebreakers' : 'cut-depends';
  return `${top}: ${t(key, { tables })}`;
}

/** @param {any} result @param {boolean} seatA */
function myResultText(result, seatA) {
  const games = result.games ? ` ${seatA ? result.games[0] : result.games[1]}-${seatA ? result.games[1] : result.games[0]}` : '';
  if (result.kind === 'win') return (result.winner === (seatA ? 'a' : 'b') ? t('won') : t('lost')) + games;
  return (result.kind === 'draw' ? t('drawn') : t(result.kind)) + games;
}

/** Sends a step of the phone's own (check-in, withdraw, drop, judge). @param {string} command @param {Record<string, unknown>} [extra] */
async function mineStep(command, extra = {}) {
  if (!me) return;
  const holding = me;
  const status = byId('mine-status');
  const view = await send(status, `/api/call/${command}`, { code: holding.code, ...extra });
  if (view && me === holding) {
    keepMine(holding.code, view);
    status.textContent = '';
  }
  render();
}

function startDoor() {
  byId('enter-form').addEventListener('submit', (event) => { event.preventDefault(); sendEntry(); });
  byId('mine-check-in').addEventListener('click', () => mineStep('check_in_by_code'));
  byId('mine-withdraw').addEventListener('click', () => {
    if (confirm(t('withdrawConfirm'))) mineStep('withdraw_by_code');
  });
  byId('mine-drop-ask').addEventListener('click', () => {
    if (confirm(t('dropConfirm'))) mineStep('request_drop');
  });
  byId('mine-call-judge').addEventListener('click', () => /** @type {HTMLDialogElement} */ (byId('judge')).showModal());
  byId('judge-cancel').addEventListener('click', () => /** @type {HTMLDialogElement} */ (byId('judge')).close());
  byId('judge-form').addEventListener('submit', (event) => {
    event.preventDefault();
    /** @type {HTMLDialogElement} */ (byId('judge')).close();
    mineStep('call_judge', { reason: value('judge-reason') || null });
  });
  if (location.pathname === '/enter') tab = 'enter';
  loadDoor();
}
