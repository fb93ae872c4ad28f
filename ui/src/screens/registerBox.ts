// The Players screen's one box to register: type a name and the shop's library offers the
// regulars it matches as you type (↑/↓ to move, Enter to take one), with "+ New player 'X'"
// always last; the reading and the player ID sit beside the name for a new player. Enter on
// a regular registers them from the library (their details copied in); Enter on the new
// player adds them as typed. Enter picks a regular by itself only when the name typed is
// theirs exactly, so a new name that merely begins like a regular's is never swapped for it.
import { call } from '../api';
import type { LibraryPlayerView } from '../bindings/LibraryPlayerView';
import { field, h } from '../dom';
import { announce, showProblem } from '../feedback';
import { t } from '../i18n';
import { run } from '../screen';
import { playerLine } from './library';

/** Names from pasted text: one per line; from spreadsheet rows, the first cell. */
export function namesFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => (line.split('\t')[0] ?? '').trim())
    .filter((name) => name !== '');
}

/** A name as compared and searched for: case, width and spaces set aside. */
export function fold(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '').toLocaleLowerCase();
}

/** Whether two names are the same name (`fold`), neither empty. */
export function sameName(a: string, b: string): boolean {
  return fold(a) !== '' && fold(a) === fold(b);
}

/**
 * The option Enter takes when nothing was chosen with the arrows: the regular whose name (or
 * reading) is exactly what was typed, else the new player (index `found.length`).
 */
export function defaultOption(typed: string, found: readonly Pick<LibraryPlayerView, 'name' | 'reading'>[]): number {
  const exact = found.findIndex((player) => sameName(player.name, typed) || (player.reading ? sameName(player.reading, typed) : false));
  return exact >= 0 ? exact : found.length;
}

let nextId = 0;

/**
 * The box. `library`: whether the shop's library is offered (not on a station); `added`
 * refreshes the screen after a registration; `addList` takes a pasted list of names.
 */
export function registerBox(library: boolean, added: () => Promise<void>, addList: (text: string) => void): { element: HTMLElement; focus: () => void } {
  const listId = `register-options-${++nextId}`;
  const name = h('input', {
    type: 'text',
    'data-testid': 'player-name-input',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: 200,
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
  });
  const reading = h('input', { type: 'text', 'data-testid': 'player-reading-input', autocomplete: 'off', maxlength: 200 });
  const id = h('input', { type: 'text', 'data-testid': 'player-id-input', autocomplete: 'off', maxlength: 64, class: 'short' });
  const add = h('button', { type: 'button', class: 'primary', 'data-testid': 'add-player' }, t('registration.add'));
  const options = h('ul', { class: 'suggestions', id: listId, role: 'listbox', 'data-testid': 'library-suggestions', 'aria-label': t('registration.options') });

  let found: LibraryPlayerView[] = [];
  /** The option Enter takes: a regular's index, or `found.length` for the new player. */
  let active = 0;
  let asked = 0;
  /** The text the shown options were found for. */
  let searchedFor = '';

  const clear = () => {
    searchedFor = '';
    name.value = '';
    reading.value = '';
    id.value = '';
    found = [];
    active = 0;
    draw();
    name.focus();
  };
  const addNew = () => {
    const typed = name.value.trim();
    if (!typed) {
      showProblem(t('registration.nameRequired'));
      name.focus();
      return;
    }
    const details = { name: typed, reading: reading.value.trim() || null, publisher_id: id.value.trim() || null, nickname: null, members: [] };
    void run(async () => {
      const players = await call('add_players', details.reading || details.publisher_id ? { names: [], players: [details] } : { names: [typed] });
      await added();
      announce(players.length === 1 && players[0] ? t('registration.addedOne', { name: players[0].name, id: players[0].id }) : t('registration.addedMany', { count: players.length }));
      clear();
    }, add);
  };
  const register = (player: LibraryPlayerView) =>
    void run(async () => {
      const registered = await call('register_from_library', { numbers: [player.number] });
      await added();
      announce(t('library.registered', { name: registered[0]?.name ?? player.name, id: registered[0]?.id ?? '' }));
      clear();
    });
  const take = (index: number) => {
    const player = found[index];
    if (player) register(player);
    else addNew();
  };

  const draw = () => {
    const typed = name.value.trim();
    const items = found.map((player, index) => {
      const item = h('li', { id: `${listId}-${index}`, role: 'option', 'aria-selected': String(index === active), 'data-testid': 'library-suggestion', 'data-number': player.number }, playerLine(player));
      item.addEventListener('mousedown', (event) => event.preventDefault());
      item.addEventListener('click', () => take(index));
      return item;
    });
    const fresh = h(
      'li',
      { id: `${listId}-new`, role: 'option', class: 'new', 'aria-selected': String(active === found.length), 'data-testid': 'new-player-option' },
      t('registration.newPlayer', { name: typed }),
    );
    fresh.addEventListener('mousedown', (event) => event.preventDefault());
    fresh.addEventListener('click', () => take(found.length));
    const open = typed !== '';
    options.replaceChildren(...(open ? [...items, fresh] : []));
    options.hidden = !open;
    name.setAttribute('aria-expanded', String(open));
    if (open) name.setAttribute('aria-activedescendant', active < found.length ? `${listId}-${active}` : `${listId}-new`);
    else name.removeAttribute('aria-activedescendant');
  };

  const search = async () => {
    const ask = ++asked;
    const typed = name.value.trim();
    const players = library && typed !== '' ? await call('library_find', { typed, limit: 8 }) : [];
    // An answer to an older keystroke is dropped.
    if (ask !== asked) return;
    found = players;
    searchedFor = typed;
    active = defaultOption(typed, found);
    draw();
  };
  name.addEventListener('input', () => {
    // Shown at once for what is typed; the library's matches follow.
    active = Math.min(active, found.length);
    draw();
    void run(search);
  });
  name.addEventListener('keydown', (event) => {
    if (event.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (name.value.trim() === '') return;
      event.preventDefault();
      const count = found.length + 1;
      active = (active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
      draw();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      // A keystroke's search still under way: Enter waits for its answer, so it takes what
      // the options say for the name as typed (a choice made with the arrows stays).
      const typed = name.value;
      void run(async () => {
        if (typed.trim() !== searchedFor) await search();
        if (name.value === typed) take(active);
      });
    } else if (event.key === 'Escape') {
      found = [];
      active = 0;
      name.value = '';
      draw();
    }
  });
  name.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (namesFromText(text).length < 2) return;
    // A pasted list goes to the list box (under More), so nothing is lost if adding fails.
    event.preventDefault();
    addList(text);
  });
  add.addEventListener('click', () => take(active));
  draw();

  return {
    element: h(
      'section',
      { class: 'panel', 'data-testid': 'register-box' },
      h('h3', {}, t('registration.addTitle')),
      h(
        'div',
        { class: 'inline register-line' },
        field(t('registration.name'), name),
        field(t('registration.reading'), reading),
        field(t('registration.playerId'), id),
        add,
      ),
      options,
      h('p', { class: 'hint' }, library ? t('registration.boxHint') : t('registration.nameHint')),
    ),
    focus: () => name.focus(),
  };
}
