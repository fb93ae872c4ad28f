// Start: the open event, creating a new one (title preset → ruleset), opening a recent
// event or any event file.
import * as api from '../api';
import { field, h, select } from '../dom';
import { announce, showProblem } from '../feedback';
import { joinPath } from '../format';
import { localName, t } from '../i18n';
import { go } from '../router';
import { heading, run } from '../screen';
import { language } from '../settings';
import * as state from '../state';
import type { EventView } from '../types';

const DEFAULT_RULESET = 'bushiroad-en';


/** Event structures (`tablekeeper create --structure`). */
const STRUCTURES = ['swiss', 'round-robin', 'two-loss', 'points-threshold'] as const;
export function mountStart(root: HTMLElement): void {
  root.append(heading(t('start.title')));
  const open = state.event();
  if (open) root.append(openEventSection(open));
  root.append(createSection(), openSection());
}

function openEventSection(event: EventView): HTMLElement {
  const close = h('button', { type: 'button', 'data-testid': 'close-event' }, t('start.close'));
  close.addEventListener('click', () => {
    void run(async () => {
      await api.closeEvent();
      state.setEvent(null);
      announce(t('start.closed', { name: event.name }));
      go('start');
    }, close);
  });
  return h(
    'section',
    { class: 'panel' },
    h('h3', {}, t('start.openEvent')),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('start.name')),
      h('dd', {}, event.name),
      h('dt', {}, t('start.ruleset')),
      h('dd', {}, localName(event.ruleset)),
      h('dt', {}, t('start.stage')),
      h('dd', {}, t(`stage.${event.stage}`)),
      h('dt', {}, t('start.file')),
      h('dd', { class: 'path' }, event.file),
    ),
    h('div', { class: 'actions' }, h('a', { href: '#/registration', class: 'button' }, t('start.continue')), close),
  );
}

function createSection(): HTMLElement {
  const { rulesets, titles } = state.catalogue();
  const name = h('input', { type: 'text', 'data-testid': 'event-name', autocomplete: 'off', maxlength: 200 });
  const title = select(
    { 'data-testid': 'event-title' },
    [['', t('start.noTitle')], ...titles.map((x) => [x.id, localName(x)] as const)],
    '',
  );
  const ruleset = select(
    { 'data-testid': 'event-ruleset' },
    rulesets.map((r) => [r.id, localName(r)] as const),
    DEFAULT_RULESET,
  );
  title.addEventListener('change', () => {
    const preset = titles.find((x) => x.id === title.value);
    // A Japanese-language interface gets the publisher's Japanese floor rules where they exist.
    if (preset) ruleset.value = language() === 'ja' && preset.ruleset_ja ? preset.ruleset_ja : preset.ruleset;
  });
  const structure = select(
    { 'data-testid': 'event-structure' },
    STRUCTURES.map((id) => [id, t(`start.structures.${id}`)] as const),
    'swiss',
  );
  const teams = select(
    { 'data-testid': 'event-team-size' },
    [
      ['0', t('start.teams.none')],
      ['2', t('start.teams.tag')],
      ['3', t('start.teams.trio')],
    ],
    '0',
  );
  const rounds = h('input', { type: 'number', 'data-testid': 'event-rounds', min: 1, max: 30, step: 1, inputmode: 'numeric' });
  let path: string | null = null;
  const where = h('p', { class: 'path', 'data-testid': 'event-path' });
  const showWhere = () => {
    where.textContent = path ?? t('start.defaultFolder', { folder: state.appInfo()?.default_folder ?? '' });
  };
  showWhere();
  const choose = h('button', { type: 'button', 'data-testid': 'event-path-choose' }, t('start.chooseFile'));
  choose.addEventListener('click', () => {
    void run(async () => {
      const fileName = `${name.value.trim() || t('start.untitled')}.tkevent`;
      const folder = state.appInfo()?.default_folder;
      const chosen = await api.chooseNewEventFile(t('start.chooseFile'), t('start.eventFiles'), folder ? joinPath(folder, fileName) : fileName);
      if (chosen) {
        path = chosen;
        showWhere();
      }
    }, choose);
  });
  const create = h('button', { type: 'submit', class: 'primary', 'data-testid': 'create-event' }, t('start.create'));
  const submit = () => {
    const eventName = name.value.trim();
    if (!eventName) {
      showProblem(t('start.nameRequired'));
      name.focus();
      return;
    }
    const planned = rounds.value.trim() === '' ? null : Number(rounds.value);
    if (planned !== null && !(Number.isInteger(planned) && planned >= 1 && planned <= 30)) {
      showProblem(t('start.roundsInvalid'));
      rounds.focus();
      return;
    }
    void run(async () => {
      const created = await api.createEvent({
        path,
        name: eventName,
        title: title.value || null,
        ruleset: ruleset.value || null,
        planned_rounds: planned,
        structure: structure.value,
        elimination_finalists: null,
        min_rounds: null,
        team_size: Number(teams.value),
      });
      state.setEvent(created);
      await state.refreshInfo();
      announce(t('start.created', { name: created.name, file: created.file }));
      go('registration');
    }, create);
  };
  const form = h(
    'form',
    { class: 'panel', 'aria-labelledby': 'create-heading' },
    h('h3', { id: 'create-heading' }, t('start.newEvent')),
    field(t('start.name'), name),
    field(t('start.titlePreset'), title, t('start.titleHint')),
    field(t('start.ruleset'), ruleset),
    field(t('start.structure'), structure, t('start.structureHint')),
    field(t('start.teamSize'), teams),
    field(t('start.plannedRounds'), rounds, t('start.roundsHint')),
    h('div', { class: 'field' }, h('span', { class: 'label' }, t('start.saveAs')), where, choose),
    h('div', { class: 'actions' }, create),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  return form;
}

function openSection(): HTMLElement {
  const openFile = h('button', { type: 'button', 'data-testid': 'open-event' }, t('start.openFile'));
  openFile.addEventListener('click', () => {
    void run(async () => {
      const chosen = await api.chooseEventFile(t('start.openFile'), t('start.eventFiles'));
      if (chosen) await openPath(chosen);
    }, openFile);
  });
  const recent = state.appInfo()?.recent ?? [];
  const list = h(
    'ul',
    { class: 'recent', 'data-testid': 'recent-events' },
    ...recent.map((path) => {
      const button = h('button', { type: 'button', class: 'link', 'data-testid': 'recent-event' }, path);
      button.addEventListener('click', () => void run(() => openPath(path), button));
      return h('li', {}, button);
    }),
  );
  return h(
    'section',
    { class: 'panel' },
    h('h3', {}, t('start.openTitle')),
    h('div', { class: 'actions' }, openFile),
    h('h4', {}, t('start.recent')),
    recent.length > 0 ? list : h('p', {}, t('start.noRecent')),
  );
}

async function openPath(path: string): Promise<void> {
  const opened = await api.openEvent({ path });
  state.setEvent(opened);
  await state.refreshInfo();
  announce(t('start.opened', { name: opened.name }));
  go(opened.stage === 'registration' ? 'registration' : 'results');
}
