// Start: the open event (its backups, restoring one, saving a copy), creating a new one
// (title preset → ruleset, the organizer's defaults from Settings), opening a recent event or
// any event file, and why the file the app was started with did not open.
import * as api from '../api';
import type { StationCopy } from '../api';
import { call } from '../api';
import { field, h, select } from '../dom';
import { announce, errorText, showError, showProblem } from '../feedback';
import { dateTime, fileSize, joinPath } from '../format';
import { localName, t } from '../i18n';
import { go } from '../router';
import { confirmStep, heading, run } from '../screen';
import { language } from '../settings';
import * as state from '../state';
import type { BackupView, EventView } from '../types';
import { options, STRUCTURES } from '../vocabulary';

const DEFAULT_RULESET = 'bushiroad-en';

export function mountStart(root: HTMLElement): void {
  root.append(heading(t('start.title')));
  const startup = state.appInfo()?.startup_error ?? null;
  if (startup) {
    root.append(
      h(
        'section',
        { class: 'panel problems', 'data-testid': 'startup-error', role: 'alert' },
        h('h3', {}, t('start.startupError')),
        h('p', {}, errorText(api.normalizeError(startup))),
      ),
    );
  }
  const station = state.appInfo()?.station ?? null;
  if (station) {
    root.append(stationSection(station));
    return;
  }
  const open = state.event();
  if (open) root.append(openEventSection(open), backupsSection(), copySection(open));
  else if (gameUnasked()) root.append(gameQuestion(() => go('start')));
  root.append(createSection(), openSection(), joinSection());
}

/** Whether the shop has not said which game it runs (no default title or ruleset), and
 * has not put the question off in this run of the app. */
let gameQuestionPutOff = false;
function gameUnasked(): boolean {
  const preferences = state.appInfo()?.preferences;
  return !gameQuestionPutOff && !!preferences && preferences.default_title === null && preferences.default_ruleset === null;
}

/** The first start's question: which game the shop runs, kept as the default for new events
 * (Settings changes it). Another game names its rules, so nothing is chosen silently. */
export function gameQuestion(answered: () => void): HTMLElement {
  const { rulesets, titles } = state.catalogue();
  const OTHER = '';
  const game = select({ 'data-testid': 'first-game' }, [...titles.map((x) => [x.id, localName(x)] as const), [OTHER, t('start.gameOther')]], titles[0]?.id ?? OTHER);
  const rules = select({ 'data-testid': 'first-game-ruleset' }, rulesets.map((r) => [r.id, localName(r)] as const), DEFAULT_RULESET);
  const rulesField = field(t('start.gameRules'), rules);
  const follow = () => {
    rulesField.hidden = game.value !== OTHER;
  };
  game.addEventListener('change', follow);
  follow();
  const save = h('button', { type: 'button', class: 'primary', 'data-testid': 'first-game-save' }, t('start.gameSave'));
  save.addEventListener('click', () => {
    void run(async () => {
      const title = game.value === OTHER ? null : game.value;
      const updated = await call('set_preferences', { default_title: title, default_ruleset: title === null ? rules.value : null });
      state.setInfo(updated);
      const chosen = title === null ? rulesets.find((r) => r.id === rules.value) : titles.find((x) => x.id === title);
      announce(t('start.gameSaved', { name: chosen ? localName(chosen) : '' }));
      answered();
    }, save);
  });
  const later = h('button', { type: 'button', class: 'link', 'data-testid': 'first-game-later' }, t('start.gameLater'));
  later.addEventListener('click', () => {
    gameQuestionPutOff = true;
    answered();
  });
  return h(
    'section',
    { class: 'panel', 'data-testid': 'first-game-panel' },
    h('h3', {}, t('start.gameQuestion')),
    h('p', { class: 'hint' }, t('start.gameHint')),
    field(t('start.game'), game),
    rulesField,
    h('div', { class: 'actions' }, save, later),
  );
}

/** The words for a station's copy: a catalogue key and its parameters. */
export function copyState(copy: StationCopy | null): { key: string; params: Record<string, string | number> } {
  if (!copy || copy.step === null) return { key: 'station.copyNone', params: {} };
  const behind = (copy.newest ?? copy.step) - copy.step;
  if (copy.problem) return { key: 'station.copyStale', params: { step: copy.step } };
  return behind > 0 ? { key: 'station.copyBehind', params: { step: copy.step, count: behind } } : { key: 'station.copyUpToDate', params: { step: copy.step } };
}

/** While this app is a station: whose event it is, its own copy of it, taking over when
 * the main laptop stopped, and leaving. */
function stationSection(address: string): HTMLElement {
  const leave = h('button', { type: 'button', 'data-testid': 'station-leave' }, t('station.leave'));
  leave.addEventListener('click', () => {
    void run(async () => {
      await api.leaveStation();
      await state.loadApp();
      state.setEvent(state.event());
      announce(t('station.left'));
      go('start');
    }, leave);
  });
  const copy = h('p', { 'data-testid': 'station-copy', role: 'status' });
  let held: StationCopy | null = null;
  const refresh = async () => {
    held = await api.stationCopy();
    const words = copyState(held);
    copy.textContent = t(words.key, words.params);
  };
  const takeOver = h('button', { type: 'button', class: 'danger', 'data-testid': 'station-take-over' }, t('station.takeOver'));
  const confirmArea = h('div');
  takeOver.addEventListener('click', () => {
    void run(async () => {
      await refresh();
      const step = held?.step ?? null;
      if (step === null) throw new Error(t('station.copyNone'));
      // The confirmation names the last step the copy holds.
      confirmStep(confirmArea, t('station.takeOverConfirm', { address, step }), t('station.takeOver'), 'station-take-over', (yes) =>
        void run(async () => {
          const event = await api.takeOver().catch(async (error: unknown) => {
            // Another station carries the event on: the copy open here says where to join.
            if (error instanceof api.ApiError && error.kind === 'event-moved') {
              await state.loadApp();
              state.setEvent(await call('summary', null));
            }
            throw error;
          });
          await state.loadApp();
          state.setEvent(event);
          announce(t('station.tookOver', { name: event.name, step }));
          go('share');
        }, yes),
      );
    }, takeOver);
  });
  void refresh().catch(() => undefined);
  const timer = window.setInterval(() => {
    if (!copy.isConnected) return window.clearInterval(timer);
    void refresh().catch(() => undefined);
  }, 2000);
  return h(
    'section',
    { class: 'panel', 'data-testid': 'station-panel' },
    h('h3', {}, t('station.title')),
    h('p', {}, t('station.is', { address })),
    copy,
    h('p', { class: 'hint' }, t('station.takeOverHint')),
    h('div', { class: 'actions' }, takeOver, leave),
    confirmArea,
  );
}

/** Joining another laptop's shared event as a second scorekeeper station. */
function joinSection(): HTMLElement {
  const address = h('input', { type: 'text', 'data-testid': 'station-address', autocomplete: 'off', spellcheck: 'false', placeholder: '192.168.1.5:8080' });
  const code = h('input', { type: 'text', 'data-testid': 'station-code', autocomplete: 'off', spellcheck: 'false', placeholder: 'K7PX-M3QD-ABCD-EFGH-JKMN' });
  const join = h('button', { type: 'button', 'data-testid': 'station-join' }, t('station.join'));
  join.addEventListener('click', () => {
    if (!address.value.trim() || !code.value.trim()) return showProblem(t('station.missing'));
    void run(async () => {
      const joined = await api.joinStation(address.value.trim(), code.value.trim());
      await state.loadApp();
      state.setEvent(joined);
      announce(t('station.joined', { name: joined.name }));
      go('results');
    }, join);
  });
  return h(
    'section',
    { class: 'panel', 'data-testid': 'station-join-panel' },
    h('h3', {}, t('station.joinTitle')),
    h('p', { class: 'hint' }, t('station.joinHint')),
    field(t('station.address'), address),
    field(t('station.code'), code),
    join,
  );
}

function openEventSection(event: EventView): HTMLElement {
  const close = h('button', { type: 'button', 'data-testid': 'close-event' }, t('start.close'));
  close.addEventListener('click', () => {
    void run(async () => {
      await call('close_event', null);
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

/** The top cuts a new event may plan (the Finals offers any size). */
const PLANNED_CUTS = [4, 8, 16, 32];

function createSection(): HTMLElement {
  const { rulesets, titles, structures } = state.catalogue();
  const preferences = state.appInfo()?.preferences ?? { default_ruleset: null, default_title: null };
  const titleRuleset = (id: string | null) => {
    const preset = titles.find((x) => x.id === id);
    // A Japanese-language interface gets the publisher's Japanese floor rules where they exist.
    if (!preset) return null;
    return language() === 'ja' && preset.ruleset_ja ? preset.ruleset_ja : preset.ruleset;
  };
  const name = h('input', { type: 'text', 'data-testid': 'event-name', autocomplete: 'off', maxlength: 200 });
  const title = select(
    { 'data-testid': 'event-title' },
    [['', t('start.noTitle')], ...titles.map((x) => [x.id, localName(x)] as const)],
    preferences.default_title ?? '',
  );
  const ruleset = select(
    { 'data-testid': 'event-ruleset' },
    rulesets.map((r) => [r.id, localName(r)] as const),
    preferences.default_ruleset ?? titleRuleset(preferences.default_title) ?? DEFAULT_RULESET,
  );
  title.addEventListener('change', () => {
    const chosen = titleRuleset(title.value);
    if (chosen) ruleset.value = chosen;
  });
  const structure = select({ 'data-testid': 'event-structure' }, options(STRUCTURES, structures), 'swiss');
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
  // The top cut planned from the start: the round's next step after the last Swiss round is
  // then the cut (the Finals can still change its size).
  const cut = select({ 'data-testid': 'event-cut' }, [['0', t('start.noCut')], ...PLANNED_CUTS.map((size) => [String(size), t('cut.topN', { size })] as const)], '0');
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
      const created = await call('create_event', {
        path,
        name: eventName,
        title: title.value || null,
        ruleset: ruleset.value || null,
        planned_rounds: planned,
        structure: structures.find((x) => x === structure.value) ?? null,
        elimination_finalists: null,
        min_rounds: null,
        team_size: Number(teams.value),
        planned_cut: Number(cut.value) || null,
      });
      state.setEvent(created);
      await state.refreshInfo();
      announce(t('start.created', { name: created.name, file: created.file }));
      go('registration');
    }, create);
  };
  // Two columns of what every event needs, the rest folded: the whole form, Create
  // included, fits a 1366×768 laptop's screen.
  const nameField = field(t('start.name'), name);
  nameField.classList.add('wide');
  const more = h(
    'details',
    { class: 'more', 'data-testid': 'event-more' },
    h('summary', {}, t('start.more')),
    h(
      'div',
      { class: 'form-grid' },
      field(t('start.structure'), structure, t('start.structureHint')),
      field(t('start.teamSize'), teams),
      h('div', { class: 'field wide' }, h('span', { class: 'label' }, t('start.saveAs')), where, choose),
    ),
  );
  const form = h(
    'form',
    { class: 'panel', 'aria-labelledby': 'create-heading' },
    h('h3', { id: 'create-heading' }, t('start.newEvent')),
    h(
      'div',
      { class: 'form-grid' },
      nameField,
      field(t('start.titlePreset'), title, t('start.titleHint')),
      field(t('start.ruleset'), ruleset),
      field(t('start.plannedRounds'), rounds, t('start.roundsHint')),
      field(t('start.plannedCut'), cut, t('start.cutHint')),
    ),
    more,
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
  const archive = h('input', { type: 'text', 'data-testid': 'archive-path', autocomplete: 'off', spellcheck: 'false' });
  const chooseArchive = h('button', { type: 'button', 'data-testid': 'archive-choose' }, t('start.archiveChoose'));
  chooseArchive.addEventListener('click', () => {
    void run(async () => {
      const chosen = await api.chooseArchiveFile(t('start.archiveChoose'), t('start.archiveFiles'));
      if (chosen) archive.value = chosen;
    }, chooseArchive);
  });
  const importArchive = h('button', { type: 'button', 'data-testid': 'archive-import' }, t('start.archiveImport'));
  importArchive.addEventListener('click', () => {
    if (!archive.value.trim()) return showProblem(t('start.archiveMissing'));
    void run(async () => {
      const opened = await call('import_archive', { archive: archive.value.trim(), path: null });
      state.setEvent(opened);
      await state.refreshInfo();
      announce(t('start.archiveImported', { name: opened.name, file: opened.file }));
      go('registration');
    }, importArchive);
  });
  const recent = state.appInfo()?.recent ?? [];
  const list = h(
    'ul',
    { class: 'recent', 'data-testid': 'recent-events' },
    ...recent.map((path) => {
      // The event's file name first, its folder after it, smaller: a long path (or a
      // temporary folder's) does not hide which event it is.
      const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
      const button = h(
        'button',
        { type: 'button', class: 'link', 'data-testid': 'recent-event', title: path },
        h('span', { class: 'file-name' }, path.slice(cut + 1)),
        ' ',
        h('span', { class: 'hint path' }, cut > 0 ? path.slice(0, cut) : ''),
      );
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
    h(
      'details',
      { 'data-testid': 'archive-panel' },
      h('summary', {}, t('start.archiveTitle')),
      h('p', { class: 'hint' }, t('start.archiveHint')),
      h('div', { class: 'inline' }, field(t('start.archiveFile'), archive), chooseArchive),
      importArchive,
    ),
  );
}

async function openPath(path: string): Promise<void> {
  const opened = await call('open_event', { path });
  state.setEvent(opened);
  await state.refreshInfo();
  announce(t('start.opened', { name: opened.name }));
  go(opened.stage === 'registration' ? 'registration' : 'results');
}

/** The automatic backups beside the event file, newest first, each one restorable. */
function backupsSection(): HTMLElement {
  const list = h('tbody');
  const question = h('div', { 'data-testid': 'restore-question' });
  const outcome = h('p', { 'data-testid': 'restore-result', class: 'path', hidden: true });
  const show = (backups: BackupView[]) => {
    list.replaceChildren(
      ...backups.map((backup) => {
        const restore = h('button', { type: 'button', 'data-testid': 'backup-restore' }, t('backups.restore'));
        restore.addEventListener('click', () => {
          confirmStep(question, t('backups.question', { file: backup.file, time: dateTime(backup.modified) }), t('backups.confirm'), 'restore', (button) => {
            void run(async () => {
              const restored = await call('restore_backup', { backup: backup.file });
              question.replaceChildren();
              await state.refreshEvent();
              await state.refreshInfo();
              const kept = restored.previous_saved_as ? t('backups.keptAs', { path: restored.previous_saved_as }) : t('backups.nothingKept');
              outcome.hidden = false;
              outcome.textContent = kept;
              announce(`${t('backups.restored', { file: restored.restored_from })} ${kept}`);
              show(await call('backups', null));
            }, button);
          });
        });
        return h(
          'tr',
          { 'data-testid': 'backup-row' },
          h('td', { class: 'path' }, backup.file),
          h('td', {}, dateTime(backup.modified)),
          h('td', { class: 'num' }, fileSize(backup.bytes)),
          h('td', {}, restore),
        );
      }),
    );
    empty.hidden = backups.length > 0;
    table.hidden = backups.length === 0;
  };
  const empty = h('p', { 'data-testid': 'backups-empty' }, t('backups.none'));
  const table = h(
    'table',
    { 'data-testid': 'backups-list' },
    h('thead', {}, h('tr', {}, ...['file', 'time', 'size', 'action'].map((c) => h('th', { scope: 'col' }, t(`backups.columns.${c}`))))),
    list,
  );
  const reload = h('button', { type: 'button', 'data-testid': 'backups-refresh' }, t('backups.refresh'));
  reload.addEventListener('click', () => void run(async () => show(await call('backups', null)), reload));
  const section = h(
    'section',
    { class: 'panel', 'data-testid': 'backups' },
    h('h3', {}, t('backups.title')),
    h('p', { class: 'hint' }, t('backups.hint')),
    empty,
    table,
    h('div', { class: 'actions' }, reload),
    question,
    outcome,
  );
  void run(async () => show(await call('backups', null)));
  return section;
}

/** A complete copy of the open event (a USB stick, another computer); works read-only too. */
function copySection(event: EventView): HTMLElement {
  const path = h('input', { type: 'text', 'data-testid': 'copy-path', autocomplete: 'off', spellcheck: 'false' });
  const choose = h('button', { type: 'button', 'data-testid': 'copy-choose' }, t('copy.choose'));
  const save = h('button', { type: 'button', class: 'primary', 'data-testid': 'copy-save' }, t('copy.save'));
  const question = h('div', { 'data-testid': 'copy-question' });
  const ask = async (): Promise<string | null> => {
    const name = `${event.name} ${t('copy.suffix')}.tkevent`;
    const folder = state.appInfo()?.default_folder;
    const picked = await api.chooseNewEventFile(t('copy.choose'), t('start.eventFiles'), folder ? joinPath(folder, name) : name);
    if (picked) path.value = picked;
    return picked;
  };
  const write = async (target: string, replace: boolean) => {
    const saved = await call('save_copy', { path: target, replace });
    question.replaceChildren();
    announce(t('copy.saved', { path: saved.written, size: fileSize(saved.bytes) }));
  };
  choose.addEventListener('click', () => void run(ask, choose));
  save.addEventListener('click', () => {
    void (async () => {
      save.disabled = true;
      try {
        const target = path.value.trim() || (await ask());
        if (!target) return;
        await write(target, false);
      } catch (error) {
        showError(error);
        if (api.normalizeError(error).kind === 'file-exists') {
          const target = path.value.trim();
          confirmStep(question, t('copy.replaceQuestion', { path: target }), t('copy.replace'), 'copy-replace', (button) => void run(() => write(target, true), button));
        }
      } finally {
        save.disabled = false;
      }
    })();
  });
  return h(
    'section',
    { class: 'panel', 'data-testid': 'save-copy' },
    h('h3', {}, t('copy.title')),
    h('p', { class: 'hint' }, t('copy.hint')),
    h('div', { class: 'inline' }, field(t('copy.path'), path), choose),
    h('div', { class: 'actions' }, save),
    question,
  );
}
