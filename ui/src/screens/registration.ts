// Registration: type a name and press Enter (focus stays for the next one), paste a list to
// add many, import a CSV after a preview of its rows and problems, and drop players. Each
// player's row opens their details: correct the name, reading, player ID and nickname, keep
// them at a fixed table, give the ruleset's penalty for arriving late, and show or renew
// their player ticket (their own code for reporting from a phone). The door (entries from
// the players' phones, the waiting list, check-in, drop requests) is its own panel (door.ts).
import { call } from '../api';
import type { DeckPartsView } from '../bindings/DeckPartsView';
import type { PlayerTicketView } from '../bindings/PlayerTicketView';
import { field, h, onEnter } from '../dom';
import { announce, showProblem } from '../feedback';
import { playerStatus } from '../format';
import { t } from '../i18n';
import { say } from '../i18n/messages';
import { confirmStep, fillNames, heading, pdfButtons, playerNames, requireEvent, run } from '../screen';
import * as state from '../state';
import type { ImportPreview, PlayerView } from '../types';
import { label, labelOf, ENCODINGS, PENALTIES } from '../vocabulary';
import { doorPanel } from './door';
import { announceDropWithUndo } from './dropUndo';
import { libraryPanel } from './library';
import { fold, namesFromText, registerBox } from './registerBox';
import { tableRangePanel } from './openEvents';
import { tomRosterPanel } from './tomRoster';
import { pairNextButton } from './results';

export { namesFromText } from './registerBox';

export function mountRegistration(root: HTMLElement): void {
  root.append(heading(t('registration.title')));
  if (!requireEvent(root)) return;

  const list = h('tbody');
  const count = h('p', { 'data-testid': 'player-count' });
  const names = playerNames('registration-players');
  const details = h('div', { 'data-testid': 'player-details-area' });
  let editing: number | null = null;
  const refresh = async () => {
    const all = await call('players', null);
    fillNames(names, all.map((p) => p.name));
    list.replaceChildren(...all.map((player) => playerRow(player, () => void run(refresh), open)));
    filterRows(list, search.value);
    decks.offer(all);
    const active = all.filter((p) => p.status === 'active').length;
    count.textContent = t('registration.count', { registered: all.length, active });
    pairFirst.hidden = !(active >= 2 && (state.event()?.rounds_paired ?? 1) === 0);
    const shown = all.find((p) => p.id === editing);
    if (shown) details.replaceChildren(playerPanel(shown, refresh, close));
  };
  const close = () => {
    editing = null;
    details.replaceChildren();
  };
  const open = (player: PlayerView) => {
    editing = player.id;
    details.replaceChildren(playerPanel(player, refresh, close));
    details.querySelector<HTMLElement>('h3')?.focus();
  };

  const bulk = h('textarea', { rows: 6, 'data-testid': 'player-bulk' });
  const addBulk = h('button', { type: 'button', 'data-testid': 'add-players-bulk' }, t('registration.addAll'));
  const more = h('details', { class: 'panel more', 'data-testid': 'registration-more' }, h('summary', {}, t('registration.more')));
  // Deck data, its boxes offering the parts and names already registered in the event.
  const decks = deckPanel(() => refresh());
  const afterAdding = async () => {
    await refresh();
    await state.refreshEvent();
  };
  const addList = () => {
    const names = namesFromText(bulk.value);
    if (names.length === 0) {
      showProblem(t('registration.listEmpty'));
      bulk.focus();
      return;
    }
    void run(async () => {
      const added = await call('add_players', { names });
      await afterAdding();
      announce(added.length === 1 && added[0] ? t('registration.addedOne', { name: added[0].name, id: added[0].id }) : t('registration.addedMany', { count: added.length }));
      bulk.value = '';
    }, addBulk);
  };
  addBulk.addEventListener('click', addList);

  const teamSize = state.event()?.team_size ?? 0;
  const station = state.appInfo()?.station ?? null;
  // Registration done, the night's next step is here: round 1 paired, then its sheets.
  const pairFirst = pairNextButton(1, 'registration-pair-round');
  pairFirst.hidden = true;
  // One box: the library's regulars as you type, or a new player (a station has no library).
  const box = registerBox(!station, afterAdding, (text) => {
    bulk.value = text;
    more.open = true;
    addList();
  });
  box.element.hidden = teamSize > 0;
  const search = h('input', { type: 'search', 'data-testid': 'player-search', autocomplete: 'off', 'aria-label': t('registration.search') });
  search.addEventListener('input', () => filterRows(list, search.value));
  more.append(
    h('section', {}, h('h3', {}, t('registration.listTitle')), field(t('registration.list'), bulk, t('registration.listHint')), addBulk),
    // CSV rows are single players; teams are entered with their members above.
    teamSize > 0 ? '' : importSection(afterAdding),
    decks.element,
    station ? '' : libraryPanel(),
    station ? '' : tableRangePanel(),
    station ? '' : tomRosterPanel(),
    h('section', { class: 'panel' }, h('h3', {}, t('registration.formsTitle')), pdfButtons(['tickets', 'door-poster', 'deck-sheet', 'score-card'])),
  );
  root.append(
    h(
      'div',
      { class: 'registration-layout' },
      h(
        'div',
        {},
        teamSize > 0 ? teamPanel(teamSize, refresh) : '',
        box.element,
        details,
        doorPanel(afterAdding),
        more,
      ),
      // The players, always in view beside the box: search, count and status.
      h(
        'section',
        { class: 'panel player-list-panel', 'data-testid': 'player-list-panel' },
        h('h3', {}, t('registration.playersTitle')),
        h('div', { class: 'inline' }, count, search, pairFirst),
        h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { 'data-testid': 'player-list' },
            h('thead', {}, h('tr', {}, ...['number', 'name', 'status', 'action'].map((c) => h('th', { scope: 'col' }, t(`registration.columns.${c}`))))),
            list,
          ),
        ),
      ),
    ),
    names,
  );
  box.focus();
  void run(refresh);
}

/** Shows the rows whose number or name holds `typed` (case and spaces set aside). */
function filterRows(list: HTMLElement, typed: string): void {
  const wanted = fold(typed);
  for (const row of list.querySelectorAll<HTMLTableRowElement>('tr')) {
    row.hidden = wanted !== '' && !fold(`${row.cells[0]?.textContent ?? ''} ${row.cells[1]?.textContent ?? ''}`).includes(wanted);
  }
}

function playerRow(player: PlayerView, changed: () => void, open: (player: PlayerView) => void): HTMLTableRowElement {
  const edit = h('button', { type: 'button', 'data-testid': 'edit-row', 'aria-label': t('registration.editNamed', { name: player.name }) }, t('registration.edit'));
  edit.addEventListener('click', () => open(player));
  const drop =
    player.status === 'active'
      ? h('button', { type: 'button', class: 'danger', 'data-testid': 'drop-row', 'aria-label': t('registration.dropNamed', { name: player.name }) }, t('registration.drop'))
      : null;
  drop?.addEventListener('click', () => {
    void run(async () => {
      const dropped = await call('drop_player', { player: String(player.id) });
      await state.refreshEvent();
      announceDropWithUndo(dropped.name, changed);
      changed();
    }, drop);
  });
  return h(
    'tr',
    { 'data-testid': 'player-row', 'data-player': player.id, class: player.status === 'active' ? undefined : 'inactive' },
    h('td', {}, player.id),
    h('td', {}, player.members?.length ? `${player.name} (${player.members.join(', ')})` : player.name),
    h('td', {}, playerStatus(player), player.fixed_table !== null ? h('span', { class: 'note', 'data-testid': 'fixed-table-note' }, ` · ${t('registration.fixedAt', { table: player.fixed_table })}`) : null),
    h('td', { class: 'row-actions' }, edit, ' ', drop),
  );
}

/** CSV import: pick or drop a file, see what would be imported, then import it. */
function importSection(imported: () => Promise<void>): HTMLElement {
  let bytes: number[] | null = null;
  const file = h('input', { type: 'file', accept: '.csv,text/csv', 'data-testid': 'import-file' });
  const preview = h('div', { 'data-testid': 'import-preview' });
  const zone = h('div', { class: 'drop-zone' }, t('registration.dropHere'));

  const clear = () => {
    bytes = null;
    file.value = '';
    preview.replaceChildren();
  };
  const load = (chosen: File) => {
    void run(async () => {
      bytes = Array.from(new Uint8Array(await chosen.arrayBuffer()));
      showPreview(chosen.name, await call('import_preview', { bytes }));
    });
  };
  const showPreview = (fileName: string, result: ImportPreview) => {
    const confirm = h('button', { type: 'button', class: 'primary', 'data-testid': 'import-confirm', disabled: result.problems.length > 0 }, t('registration.importCount', { count: result.players.length }));
    const cancel = h('button', { type: 'button', 'data-testid': 'import-cancel' }, t('common.cancel'));
    confirm.addEventListener('click', () => {
      const data = bytes;
      if (!data) return;
      void run(async () => {
        const added = await call('import_players', { bytes: data });
        clear();
        await imported();
        announce(t('registration.imported', { count: added.length }));
      }, confirm);
    });
    cancel.addEventListener('click', clear);
    const columns = ['name', 'reading', 'publisher_id', 'nickname'] as const;
    preview.replaceChildren(
      h('p', {}, t('registration.previewOf', { file: fileName, encoding: label(ENCODINGS, result.encoding) })),
      result.problems.length > 0
        ? h(
            'div',
            { class: 'problems', 'data-testid': 'import-problems' },
            h('h4', {}, t('registration.problems', { count: result.problems.length })),
            h(
              'ul',
              {},
              ...result.problems.map((p) =>
                h('li', {}, p.line > 0 ? t('registration.problemLine', { line: p.line, message: say(p.message) }) : say(p.message)),
              ),
            ),
          )
        : h('p', {}, t('registration.noProblems')),
      h(
        'table',
        {},
        h('caption', {}, t('registration.previewCaption', { count: result.players.length })),
        h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, t(`registration.columns.${c}`))))),
        h('tbody', {}, ...result.players.map((p) => h('tr', {}, ...columns.map((c) => h('td', {}, p[c] ?? ''))))),
      ),
      h('div', { class: 'actions' }, confirm, cancel),
    );
  };

  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (chosen) load(chosen);
  });
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    const dropped = event.dataTransfer?.files[0];
    if (dropped) load(dropped);
  });

  return h(
    'section',
    { class: 'panel' },
    h('h3', {}, t('registration.importTitle')),
    field(t('registration.importFile'), file, t('registration.importHint')),
    zone,
    preview,
  );
}

/** Deck keys for finalist selection by deck (Nation/Clan, Ride Line, Title, Oshi). */
/** The deck parts and names already registered in the event, each list sorted and once:
 * what the deck boxes offer, so a label is typed once and picked after (docs/meta.md). */
export function usedDeckParts(players: readonly PlayerView[], earlier: DeckPartsView | null = null): Record<'nation_clan' | 'ride_line' | 'title' | 'oshi' | 'name', string[]> {
  const parts = { nation_clan: new Set<string>(), ride_line: new Set<string>(), title: new Set<string>(), oshi: new Set<string>(), name: new Set<string>() };
  // The library's earlier events of the same game too: a label is typed once, then picked.
  if (earlier) for (const key of Object.keys(parts) as (keyof typeof parts)[]) for (const value of earlier[key]) parts[key].add(value);
  for (const player of players) {
    for (const deck of [player.deck, ...(player.member_decks ?? [])]) {
      if (!deck) continue;
      for (const key of Object.keys(parts) as (keyof typeof parts)[]) {
        const value = deck[key]?.trim();
        if (value) parts[key].add(value);
      }
    }
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return { nation_clan: sorted(parts.nation_clan), ride_line: sorted(parts.ride_line), title: sorted(parts.title), oshi: sorted(parts.oshi), name: sorted(parts.name) };
}

function deckPanel(changed: () => Promise<void>): { element: HTMLElement; offer: (players: readonly PlayerView[]) => void } {
  const lists = {
    nation_clan: h('datalist', { id: 'deck-nations' }),
    ride_line: h('datalist', { id: 'deck-rides' }),
    title: h('datalist', { id: 'deck-titles' }),
    oshi: h('datalist', { id: 'deck-oshis' }),
    name: h('datalist', { id: 'deck-names' }),
  };
  const text = (testid: string, list: HTMLDataListElement) => h('input', { type: 'text', autocomplete: 'off', 'data-testid': testid, list: list.id });
  const player = h('input', { type: 'text', list: 'registration-players', autocomplete: 'off', 'data-testid': 'deck-player' });
  const nation = text('deck-nation', lists.nation_clan);
  const ride = text('deck-ride-line', lists.ride_line);
  const title = text('deck-title', lists.title);
  const oshi = text('deck-oshi', lists.oshi);
  const name = text('deck-name', lists.name);
  const save = h('button', { type: 'button', 'data-testid': 'deck-save' }, t('registration.deckSave'));
  save.addEventListener('click', () => {
    if (!player.value.trim()) return showProblem(t('round.onePlayer'));
    void run(async () => {
      const saved = await call('set_deck', { player: player.value.trim(), nation_clan: nation.value, ride_line: ride.value, title: title.value, oshi: oshi.value, name: name.value.trim() === '' ? null : name.value.trim() });
      announce(t('registration.deckSaved', { name: saved.name }));
      for (const box of [player, nation, ride, title, oshi, name]) box.value = '';
      await changed();
    }, save);
  });
  let earlier: DeckPartsView | null = null;
  let players: readonly PlayerView[] = [];
  const offer = (registered: readonly PlayerView[]) => {
    players = registered;
    const used = usedDeckParts(players, earlier);
    for (const key of Object.keys(lists) as (keyof typeof lists)[]) lists[key].replaceChildren(...used[key].map((value) => h('option', { value })));
  };
  // Asked once: the earlier events do not change while the screen is open.
  void call('deck_parts', null)
    .then((parts) => {
      earlier = parts;
      offer(players);
    })
    .catch(() => undefined);
  const element = h(
    'details',
    { class: 'panel' },
    h('summary', {}, t('registration.deckTitle')),
    h('p', { class: 'hint' }, t('registration.deckHint')),
    field(t('round.player'), player),
    field(t('registration.deckNation'), nation),
    field(t('registration.deckRideLine'), ride, t('registration.deckRideLineHint')),
    field(t('registration.deckTitleField'), title),
    field(t('registration.deckOshi'), oshi),
    field(t('registration.deckName'), name, t('registration.deckNameHint')),
    save,
    ...Object.values(lists),
  );
  return { element, offer };
}

/** Team events: the team's name and each member in seat order (decision 9). */
function teamPanel(size: number, changed: () => Promise<void>): HTMLElement {
  const name = h('input', { type: 'text', autocomplete: 'off', 'data-testid': 'team-name', maxlength: 200 });
  const members = Array.from({ length: size }, (_, seat) => h('input', { type: 'text', autocomplete: 'off', 'data-testid': `team-member-${seat + 1}`, maxlength: 200 }));
  const add = h('button', { type: 'button', class: 'primary', 'data-testid': 'add-team' }, t('registration.addTeam'));
  add.addEventListener('click', () => {
    if (!name.value.trim() || members.some((m) => !m.value.trim())) return showProblem(t('registration.teamIncomplete', { size }));
    void run(async () => {
      const [team] = await call('add_team', { name: name.value.trim(), members: members.map((m) => m.value.trim()) });
      announce(t('registration.teamAdded', { name: team?.name ?? name.value.trim() }));
      name.value = '';
      for (const m of members) m.value = '';
      await changed();
      await state.refreshEvent();
      name.focus();
    }, add);
  });
  return h(
    'section',
    { class: 'panel' },
    h('h3', {}, t('registration.teamTitle', { size })),
    field(t('registration.teamName'), name),
    ...members.map((member, seat) => field(t('registration.teamMember', { seat: seat + 1 }), member)),
    add,
  );
}

/**
 * One player's details: correct what was registered, a fixed table (accessibility), and a
 * late arrival (the ruleset's penalty for the minutes, shown before it is recorded).
 */
function playerPanel(player: PlayerView, changed: () => Promise<void>, close: () => void): HTMLElement {
  const text = (testid: string, value: string | null | undefined) => h('input', { type: 'text', autocomplete: 'off', 'data-testid': testid, value: value ?? '', maxlength: 200 });
  const name = text('edit-name', player.name);
  const reading = text('edit-reading', player.reading);
  const publisherId = text('edit-publisher-id', player.publisher_id);
  const nickname = text('edit-nickname', player.nickname);
  const save = h('button', { type: 'button', class: 'primary', 'data-testid': 'edit-save' }, t('registration.editSave'));
  save.addEventListener('click', () => {
    if (!name.value.trim()) return showProblem(t('registration.nameRequired'));
    void run(async () => {
      const saved = await call('edit_player', {
        player: String(player.id),
        name: name.value.trim(),
        reading: reading.value.trim(),
        publisher_id: publisherId.value.trim(),
        nickname: nickname.value.trim(),
      });
      await changed();
      await state.refreshEvent();
      announce(t('registration.edited', { name: saved.name, id: saved.id }));
    }, save);
  });

  const table = h('input', { type: 'number', min: 1, max: 9999, inputmode: 'numeric', 'data-testid': 'fixed-table-input', value: player.fixed_table === null ? '' : String(player.fixed_table) });
  const setTable = h('button', { type: 'button', 'data-testid': 'fixed-table-set' }, t('registration.fixedSet'));
  const release = h('button', { type: 'button', 'data-testid': 'fixed-table-release', disabled: player.fixed_table === null }, t('registration.fixedRelease'));
  const fix = (number: number | null, button: HTMLButtonElement) =>
    void run(async () => {
      const saved = await call('set_fixed_table', { player: String(player.id), table: number });
      await changed();
      announce(number === null ? t('registration.fixedReleased', { name: saved.name }) : t('registration.fixedDone', { name: saved.name, table: number }));
    }, button);
  setTable.addEventListener('click', () => {
    const number = Number(table.value);
    if (!Number.isInteger(number) || number < 1) return showProblem(t('registration.fixedInvalid'));
    fix(number, setTable);
  });
  release.addEventListener('click', () => fix(null, release));

  const minutes = h('input', { type: 'number', min: 1, max: 240, inputmode: 'numeric', 'data-testid': 'tardy-minutes' });
  const check = h('button', { type: 'button', 'data-testid': 'tardy-check' }, t('registration.tardyCheck'));
  const preview = h('p', { 'data-testid': 'tardy-preview', 'aria-live': 'polite' });
  const apply = h('button', { type: 'button', class: 'primary', 'data-testid': 'tardy-apply', disabled: true }, t('registration.tardyApply'));
  const late = (): number | null => {
    const value = Number(minutes.value);
    return Number.isInteger(value) && value >= 1 ? value : null;
  };
  const ask = (record: boolean, button: HTMLButtonElement) => {
    const value = late();
    if (value === null) return showProblem(t('registration.tardyInvalid'));
    void run(async () => {
      const view = await call('tardiness', { player: String(player.id), minutes: value, apply: record });
      const penalty = view.penalty ? label(PENALTIES, view.penalty) : null;
      preview.textContent = penalty ? t('registration.tardyPenalty', { minutes: view.minutes, penalty }) : t('registration.tardyNone', { minutes: view.minutes });
      apply.disabled = record || view.penalty === null;
      if (view.recorded) {
        announce(t('results.penaltyGiven', { name: view.recorded.name, penalty: labelOf(PENALTIES, view.recorded.penalty) }));
        await state.refreshEvent();
      }
    }, button);
  };
  minutes.addEventListener('input', () => {
    apply.disabled = true;
    preview.textContent = '';
  });
  onEnter(minutes, () => ask(false, check));
  check.addEventListener('click', () => ask(false, check));
  apply.addEventListener('click', () => ask(true, apply));

  const ticket = ticketPart(player);

  const closeButton = h('button', { type: 'button', 'data-testid': 'edit-close' }, t('registration.editClose'));
  closeButton.addEventListener('click', close);
  return h(
    'section',
    { class: 'panel player-details', 'data-testid': 'player-edit', 'data-player': player.id },
    h('h3', { tabindex: -1 }, t('registration.detailsTitle', { id: player.id, name: player.name })),
    h(
      'fieldset',
      {},
      h('legend', {}, t('registration.editTitle')),
      field(t('registration.columns.name'), name),
      field(t('registration.columns.reading'), reading),
      field(t('registration.columns.publisher_id'), publisherId),
      field(t('registration.columns.nickname'), nickname),
      h('p', { class: 'hint' }, t('registration.editHint')),
      save,
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t('registration.fixedTitle')),
      h('p', { class: 'hint' }, t('registration.fixedHint')),
      h('div', { class: 'inline' }, field(t('registration.fixedTable'), table), setTable, release),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t('registration.tardyTitle')),
      h('p', { class: 'hint' }, t('registration.tardyHint')),
      h('div', { class: 'inline' }, field(t('registration.tardyMinutes'), minutes), check),
      preview,
      apply,
    ),
    ticket,
    h('div', { class: 'actions' }, closeButton),
  );
}

/**
 * A player's ticket: their own code as a QR code a phone scans from this screen,
 * and a new code when a ticket is lost or seen by someone else (the old one stops working).
 */
function ticketPart(player: PlayerView): HTMLElement {
  const shown = h('div', { class: 'ticket', 'data-testid': 'ticket-area', 'aria-live': 'polite' });
  const question = h('div');
  const show = h('button', { type: 'button', 'data-testid': 'ticket-show' }, t('registration.ticketShow'));
  const reissue = h('button', { type: 'button', 'data-testid': 'ticket-reissue' }, t('registration.ticketReissue'));
  const display = (view: PlayerTicketView) => {
    const qr = h('div', { class: 'qr', role: 'img', 'aria-label': t('registration.ticketTitle') });
    // The SVG is the command layer's drawing of the page address and code (no user text).
    if (view.qr_svg) qr.innerHTML = view.qr_svg;
    shown.replaceChildren(
      qr,
      h('p', { class: 'join-code', 'data-testid': 'ticket-code' }, t('registration.ticketCode', { code: view.code })),
      view.url ? '' : h('p', { class: 'hint' }, t('registration.ticketNotShared')),
    );
  };
  show.addEventListener('click', () => void run(async () => display(await call('player_ticket', { player: String(player.id) })), show));
  reissue.addEventListener('click', () =>
    confirmStep(question, t('registration.ticketReissueQuestion', { name: player.name }), t('registration.ticketReissueConfirm'), 'ticket-reissue', (button) =>
      void run(async () => {
        const view = await call('reissue_player_code', { player: String(player.id) });
        question.replaceChildren();
        display(view);
        announce(t('registration.ticketReissued', { name: view.name }));
      }, button),
    ),
  );
  return h(
    'fieldset',
    {},
    h('legend', {}, t('registration.ticketTitle')),
    h('p', { class: 'hint' }, t('registration.ticketHint')),
    h('div', { class: 'actions' }, show, reissue),
    question,
    shown,
  );
}
