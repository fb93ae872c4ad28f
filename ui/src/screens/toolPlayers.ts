// TCG+ and TOM players in the library, in the library panel: choose the TCG+ organizer
// files or TOM files of events run in the publishers' own tools; each player no library
// player carries the number of is listed with the library players whose names match, and a
// person says who they are (or that they are new). The number goes on that player's card,
// so the season and the ratings count them as one person from then on.
import * as api from '../api';
import { call } from '../api';
import type { LibraryPlayerView } from '../bindings/LibraryPlayerView';
import type { ToolPlayerView } from '../bindings/ToolPlayerView';
import { h } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { run } from '../screen';

/** A waiting player in one line: their number in the tool, name and first event. */
export function toolPlayerLine(player: ToolPlayerView): string {
  return t(`library.tools.waiting.${player.tool}`, { name: player.name, id: player.id, event: player.event_name, date: player.date });
}

/** The numbers a library player carries in TCG+ and Play! Pokémon, for their line. */
export function toolNumbers(player: Pick<LibraryPlayerView, 'tcgplus_id' | 'pokemon_id'>): string[] {
  const parts: string[] = [];
  if (player.tcgplus_id) parts.push(t('library.tools.tcgplusId', { id: player.tcgplus_id }));
  if (player.pokemon_id) parts.push(t('library.tools.pokemonId', { id: player.pokemon_id }));
  return parts;
}

/** The section: two buttons to choose files, then the players waiting to be matched. */
export function toolPlayersSection(): HTMLElement {
  const files: string[] = [];
  const list = h('ul', { class: 'plain', 'data-testid': 'tool-players' });
  const chooseTcgPlus = h('button', { type: 'button', 'data-testid': 'tool-players-tcgplus' }, t('library.tools.chooseTcgPlus'));
  const chooseTom = h('button', { type: 'button', 'data-testid': 'tool-players-tom' }, t('library.tools.chooseTom'));

  const draw = (waiting: ToolPlayerView[]) => {
    list.replaceChildren(
      ...waiting.map((player) => {
        const confirm = (number: number | null, button: HTMLButtonElement) =>
          void run(async () => {
            const carried = await call('tool_player_confirm', { tool: player.tool, id: player.id, name: player.name, number });
            announce(t('library.tools.confirmed', { name: carried.name, number: carried.number }));
            draw(await call('tool_players_unmatched', { files }));
          }, button);
        const choices = player.suggestions.map((suggested) => {
          const button = h('button', { type: 'button', 'data-testid': 'tool-player-is' }, t('library.tools.isThis', { name: suggested.name, number: suggested.number }));
          button.addEventListener('click', () => confirm(suggested.number, button));
          return button;
        });
        const fresh = h('button', { type: 'button', 'data-testid': 'tool-player-new' }, t('library.tools.newPlayer'));
        fresh.addEventListener('click', () => confirm(null, fresh));
        return h('li', { 'data-testid': 'tool-player' }, toolPlayerLine(player), ' ', ...choices, fresh);
      }),
    );
    if (files.length > 0 && waiting.length === 0) list.append(h('li', { class: 'hint' }, t('library.tools.noneWaiting')));
  };
  const add = async (picked: string[] | null | undefined) => {
    for (const path of picked ?? []) if (!files.includes(path)) files.push(path);
    if (files.length > 0) draw(await call('tool_players_unmatched', { files }));
  };
  chooseTcgPlus.addEventListener('click', () =>
    void run(async () => add(await api.chooseTcgPlusFiles(t('library.tools.chooseTcgPlus'), t('season.tcgPlusFiles'))), chooseTcgPlus),
  );
  chooseTom.addEventListener('click', () =>
    void run(async () => add(await api.chooseTomFiles(t('library.tools.chooseTom'), t('season.tomFiles'))), chooseTom),
  );
  return h(
    'div',
    { 'data-testid': 'tool-players-section' },
    h('h4', {}, t('library.tools.title')),
    h('p', { class: 'hint' }, t('library.tools.hint')),
    h('div', { class: 'actions' }, chooseTcgPlus, chooseTom),
    list,
  );
}
