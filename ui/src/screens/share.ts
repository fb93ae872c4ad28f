// Share: the open event on the shop's own network. A switch starts the LAN
// server; the screen shows the players' page address with its QR code and the join code for
// a second scorekeeper station, what the room sees (standings published or not) and whether
// players report results from their phones, the reports waiting for the scorekeeper (confirm
// or settle a disagreement in Results), and the round's table codes for a lost slip.
import { call, share, type ShareState } from '../api';
import type { ReplicaStatusView } from '../bindings/ReplicaStatusView';
import type { RoomSettings } from '../bindings/RoomSettings';
import type { TableReportView } from '../bindings/TableReportView';
import { append, checkbox, field, h, select } from '../dom';
import { announce, showError } from '../feedback';
import { t } from '../i18n';
import { say } from '../i18n/messages';
import { confirmStep, heading, requireEvent, run } from '../screen';
import { revealAt, revealMode, type RevealMode } from './deckReveal';

const PORT_KEY = 'tablekeeper.share.port';
const REPORTS_EVERY_MS = 3000;

/** The last state the shell reported, kept while the app runs (the server outlives the screen). */
let sharing: ShareState | null = null;

/** How far a station's copy is, in words. */
export function replicaWords(copy: ReplicaStatusView): string {
  if (copy.unanswered) return t('share.copyUnanswered');
  if (copy.step === null) return t('share.copyNone');
  return copy.behind <= 0 ? t('share.copyUpToDate') : t('share.copyBehind', { count: copy.behind });
}

/**
 * The port the box shows: the one the shop's network reaches while sharing runs (after a
 * takeover the station serves where it could, not always where this laptop was told), else
 * what was typed or remembered.
 */
export function portInBox(sharing: ShareState | null, typed: string): string {
  return sharing && !sharing.stopped ? String(sharing.port) : typed;
}

export function mountShare(root: HTMLElement): (() => void) | void {
  const event = requireEvent(root);
  if (!event) return;
  const port = h('input', { type: 'number', min: '1024', max: '65535', value: localStorage.getItem(PORT_KEY) ?? '8080', 'data-testid': 'share-port' });
  const on = h('input', { type: 'checkbox', 'data-testid': 'share-on' });
  on.checked = sharing !== null;
  const where = h('div', { 'data-testid': 'share-where', 'aria-live': 'polite' });
  const reporting = select(
    { 'data-testid': 'share-reporting' },
    [
      ['off', t('share.reporting.off')],
      ['agree', t('share.reporting.agree')],
      ['confirm', t('share.reporting.confirm')],
    ],
    'off',
  );
  const publish = h('input', { type: 'checkbox', 'data-testid': 'share-publish-standings' });
  const decks = select(
    { 'data-testid': 'share-decks' },
    [
      ['hidden', t('share.decks.hidden')],
      ['now', t('share.decks.now')],
      ['at', t('share.decks.at')],
    ],
    'hidden',
  );
  const decksTime = h('input', { type: 'time', 'data-testid': 'share-decks-time' });
  const decksTimeField = field(t('share.decksTime'), decksTime);
  const decksState = h('p', { class: 'hint', 'data-testid': 'share-decks-state' });
  /** The reveal time recorded, so another setting's save keeps it. */
  let revealedAt: number | null = null;
  const reports = h('div', { 'data-testid': 'share-reports' });
  const stations = h('div', { 'data-testid': 'share-stations' });
  const codes = h('div', { 'data-testid': 'share-codes' });

  function showWhere(): void {
    where.replaceChildren();
    port.value = portInBox(sharing, port.value);
    if (!sharing) {
      where.append(h('p', { class: 'hint' }, t('share.off')));
      return;
    }
    if (sharing.stopped) {
      // The server failed by itself: say so plainly; the switch turns it on again.
      on.checked = false;
      where.append(h('p', { class: 'error', role: 'alert', 'data-testid': 'share-stopped' }, say(sharing.stopped)));
      return;
    }
    const qr = h('div', { class: 'qr', 'aria-label': t('share.qr'), role: 'img' });
    // The SVG is the shell's own drawing of the address (no user text in it).
    if (sharing.qr_svg) qr.innerHTML = sharing.qr_svg;
    const urls = sharing.urls.length > 0 ? sharing.urls : [sharing.local_url];
    append(
      where,
      h('p', {}, t('share.pageAt')),
      h('ul', { class: 'share-urls' }, ...urls.map((url) => h('li', { class: 'path', 'data-testid': 'share-url' }, url))),
      sharing.urls.length === 0 ? h('p', { class: 'hint' }, t('share.noNetwork')) : null,
      qr,
      h('p', {}, t('share.joinCode'), ' ', h('strong', { class: 'join-code', 'data-testid': 'share-join-code' }, sharing.join_code)),
    );
  }

  async function toggle(): Promise<void> {
    const wanted = on.checked;
    const chosenPort = Number(port.value);
    if (wanted && (!Number.isInteger(chosenPort) || chosenPort < 1024 || chosenPort > 65535)) {
      on.checked = false;
      throw new Error(t('share.portInvalid'));
    }
    localStorage.setItem(PORT_KEY, String(chosenPort));
    try {
      sharing = await share(wanted, wanted ? chosenPort : null);
    } finally {
      on.checked = sharing !== null;
      showWhere();
    }
    announce(sharing ? t('share.started') : t('share.stopped'));
  }
  on.addEventListener('change', () => void run(toggle));

  function showDecks(at: number | null): void {
    const shown = revealMode(at, Date.now());
    decksTimeField.hidden = decks.value !== 'at';
    decksState.textContent = t(`share.decksState.${shown.mode}`, { time: shown.time });
  }

  async function saveSettings(): Promise<void> {
    const mode = decks.value as RevealMode;
    const at = revealAt(mode, decksTime.value, Date.now(), revealedAt);
    decksTimeField.hidden = mode !== 'at';
    if (at === undefined) {
      // A time is asked for: wait for it rather than save a reveal nobody chose.
      if (decksTime.value.trim() === '') return;
      throw new Error(t('share.decksTimeInvalid'));
    }
    const settings: RoomSettings = {
      publish_standings: publish.checked,
      reporting: reporting.value === 'agree' ? 'agree' : reporting.value === 'confirm' ? 'confirm' : 'off',
      decks_revealed_at: at,
    };
    await call('set_room', settings);
    announce(t('share.settingsSaved'));
    await refresh();
  }
  reporting.addEventListener('change', () => void run(saveSettings));
  publish.addEventListener('change', () => void run(saveSettings));
  decks.addEventListener('change', () => void run(saveSettings));
  decksTime.addEventListener('change', () => void run(saveSettings));

  function reportLine(report: TableReportView): HTMLElement {
    const line = h(
      'li',
      { 'data-table': report.table, 'data-status': report.status },
      h('strong', {}, t('share.table', { table: report.table })),
      ' ',
      t(`share.status.${report.status}`),
      ' ',
      h('span', { class: 'path' }, `A: ${report.a ?? '—'} / B: ${report.b ?? '—'}`),
    );
    if (report.status === 'waiting-for-scorekeeper') {
      const confirm = h('button', { type: 'button', 'data-testid': `share-confirm-${report.table}` }, t('share.confirm'));
      confirm.addEventListener('click', () =>
        void run(async () => {
          await call('confirm_report', { round: report.round, table: report.table });
          announce(t('share.confirmed', { table: report.table }));
          await refresh();
        }, confirm),
      );
      line.append(' ', confirm);
    }
    return line;
  }

  let stationsDrawn = '';
  /** Each joined station's copy of the event: up to date, or so many steps behind. */
  function showStations(copies: ReplicaStatusView[]): void {
    const key = JSON.stringify(copies.map((c) => [c.station, c.step, c.behind, c.unanswered]));
    if (key === stationsDrawn) return;
    stationsDrawn = key;
    stations.replaceChildren(
      copies.length > 0
        ? h('ul', {}, ...copies.map(stationLine))
        : h('p', { class: 'hint' }, t('share.noStations')),
    );
  }

  /** One station's line; a station that stopped answering can be let go, after a question. */
  function stationLine(copy: ReplicaStatusView): HTMLElement {
    const line = h('li', { 'data-testid': 'share-station' }, h('strong', {}, copy.station), ' ', replicaWords(copy));
    if (!copy.unanswered) return line;
    const area = h('div');
    const letGo = h('button', { type: 'button', class: 'danger', 'data-testid': 'share-station-let-go' }, t('share.letGo'));
    letGo.addEventListener('click', () =>
      confirmStep(area, t('share.letGoConfirm', { station: copy.station }), t('share.letGo'), 'share-station-let-go', (yes) =>
        void run(async () => {
          showStations(await call('let_station_go', { station: copy.station }));
          announce(t('share.letGone', { station: copy.station }));
        }, yes),
      ),
    );
    line.append(' ', letGo, area);
    return line;
  }

  let drawn = '';
  async function refresh(): Promise<void> {
    const [settings, pending, tableCodes, state, copies] = await Promise.all([
      call('room_settings', null),
      call('reports', null),
      call('table_codes', { round: null }).catch(() => []),
      share(null, null).catch(() => sharing),
      call('replicas', null).catch(() => []),
    ]);
    showStations(copies);
    if (JSON.stringify(state?.stopped ?? null) !== JSON.stringify(sharing?.stopped ?? null) || (state === null) !== (sharing === null)) {
      sharing = state;
      on.checked = state !== null && !state.stopped;
      showWhere();
    }
    // Drawn again only when something changed: a control is never replaced (or a choice
    // reset) under the pointer by a refresh that brought nothing new.
    const key = JSON.stringify([settings, pending, tableCodes]);
    // A reveal set for later comes by itself: its words follow the clock.
    showDecks(settings.decks_revealed_at ?? null);
    if (key === drawn) return;
    drawn = key;
    reporting.value = settings.reporting;
    publish.checked = settings.publish_standings;
    revealedAt = settings.decks_revealed_at ?? null;
    const shown = revealMode(revealedAt, Date.now());
    decks.value = shown.mode;
    if (shown.time) decksTime.value = shown.time;
    showDecks(revealedAt);
    reports.replaceChildren(
      pending.length > 0 ? h('ul', { class: 'share-reports' }, ...pending.map(reportLine)) : h('p', { class: 'hint' }, t('share.noReports')),
    );
    codes.replaceChildren(
      tableCodes.length > 0
        ? h('table', { class: 'codes' }, h('tbody', {}, ...tableCodes.map((c) => h('tr', {}, h('td', {}, String(c.table)), h('td', { class: 'path', 'data-testid': `share-code-${c.table}` }, c.code)))))
        : h('p', { class: 'hint' }, t('share.noCodes')),
    );
  }

  append(
    root,
    heading(t('share.title')),
    h('p', { class: 'hint' }, t('share.hint')),
    h('section', { class: 'panel' }, checkbox(t('share.switch'), on), field(t('share.port'), port, t('share.portHint')), where),
    h(
      'section',
      { class: 'panel' },
      h('h3', {}, t('share.roomTitle')),
      checkbox(t('share.publishStandings'), publish),
      field(t('share.reportingLabel'), reporting, t('share.reportingHint')),
      field(t('share.decksLabel'), decks, t('share.decksHint')),
      decksTimeField,
      decksState,
    ),
    h('section', { class: 'panel' }, h('h3', {}, t('share.reportsTitle')), reports),
    h('section', { class: 'panel' }, h('h3', {}, t('share.stationsTitle')), h('p', { class: 'hint' }, t('share.stationsHint')), stations),
    h('section', { class: 'panel' }, h('h3', {}, t('share.codesTitle')), h('p', { class: 'hint' }, t('share.codesHint')), codes),
  );
  showWhere();
  // The shell stops sharing when another event is opened: ask what is true now.
  void share(null, null)
    .then((state) => {
      sharing = state;
      on.checked = state !== null;
      showWhere();
    })
    .catch(() => undefined);
  void refresh().catch(showError);
  const timer = window.setInterval(() => void refresh().catch(() => undefined), REPORTS_EVERY_MS);
  return () => window.clearInterval(timer);
}
