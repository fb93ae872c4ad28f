// Settings: interface language and paper size for printing (kept on this computer), the
// organizer's default ruleset and title for new events (kept by the app: set_preferences),
// the mirror folder (a USB stick keeping a copy of every step), the exchange with other
// shops, and About: the version and
// the folders the app uses.
import { call } from '../api';
import { append, field, h, select } from '../dom';
import { announce, showProblem } from '../feedback';
import { changeLanguage, localName, t } from '../i18n';
import { LANGUAGE_IDS, languageOfTag } from '../i18n/catalogues';
import { rerender } from '../router';
import { heading, run } from '../screen';
import * as settings from '../settings';
import * as state from '../state';
import { DOCUMENTS, label, LANGUAGES, options, PAPERS } from '../vocabulary';
import { exchangePanel } from './exchangePanel';
import { mirrorPanel } from './mirrorPanel';

export function mountSettings(root: HTMLElement): () => void {
  const { languages, papers, rulesets, titles } = state.catalogue();
  const language = select({ 'data-testid': 'settings-language' }, options(LANGUAGES, languages.length > 0 ? languages : LANGUAGE_IDS), settings.language());
  language.addEventListener('change', () => {
    const chosen = languageOfTag(language.value) ?? 'en';
    settings.setLanguagePreference(chosen);
    void changeLanguage(chosen).then(() => {
      rerender();
      document.querySelector<HTMLElement>('[data-testid="settings-language"]')?.focus();
      announce(t('settings.languageChanged'));
    });
  });
  // Printouts may be in another language than the window (a French-speaking scorekeeper
  // printing the English sheets a tournament's players read).
  const printLanguage = select(
    { 'data-testid': 'settings-print-language' },
    [['', t('settings.printLanguageSame')] as const, ...options(LANGUAGES, languages.length > 0 ? languages : LANGUAGE_IDS)],
    settings.chosenPrintLanguage() ?? '',
  );
  printLanguage.addEventListener('change', () => {
    settings.setPrintLanguage(languageOfTag(printLanguage.value));
    announce(t('settings.printLanguageChanged', { language: label(LANGUAGES, settings.printLanguage()) }));
  });
  const paper = select({ 'data-testid': 'settings-paper' }, options(PAPERS, papers.length > 0 ? papers : ['a4', 'letter']), settings.paper());
  paper.addEventListener('change', () => {
    settings.setPaper(paper.value === 'letter' ? 'letter' : 'a4');
    announce(t('settings.paperChanged', { paper: label(PAPERS, settings.paper()) }));
  });

  const chime = h('input', { type: 'checkbox', 'data-testid': 'settings-chime', checked: settings.chimeOn() });
  chime.addEventListener('change', () => {
    settings.setChime(chime.checked);
    announce(t(chime.checked ? 'settings.chimeOn' : 'settings.chimeOff'));
  });

  // The printer the round's sheets go to and how many copies, chosen here once.
  const printer = select({ 'data-testid': 'settings-printer' }, [['', t('settings.noPrinter')]], settings.roundPrinter() ?? '');
  const printerHint = h('p', { class: 'hint', 'data-testid': 'settings-printer-hint' });
  printer.addEventListener('change', () => {
    settings.setRoundPrinter(printer.value || null);
    announce(printer.value ? t('settings.printerChosen', { printer: printer.value }) : t('settings.noPrinterChosen'));
  });
  const copies = h('input', { type: 'number', min: 1, max: 20, step: 1, value: String(settings.roundCopies()), 'data-testid': 'settings-copies', inputmode: 'numeric' });
  copies.addEventListener('change', () => {
    const count = Number(copies.value);
    if (!Number.isInteger(count) || count < 1 || count > 20) {
      showProblem(t('settings.copiesInvalid'));
      copies.value = String(settings.roundCopies());
      return;
    }
    settings.setRoundCopies(count);
    announce(t('settings.copiesSaved', { count }));
  });
  void run(async () => {
    const service = await call('printers', null);
    const chosen = settings.roundPrinter();
    // A printer chosen earlier that the service no longer offers stays listed, marked.
    const names = chosen && !service.printers.includes(chosen) ? [...service.printers, chosen] : service.printers;
    printer.replaceChildren(...[['', t('settings.noPrinter')], ...names.map((name) => [name, name === service.default_printer ? t('settings.defaultPrinter', { printer: name }) : name])].map(([value, text]) => h('option', { value: value ?? '' }, text ?? '')));
    printer.value = chosen ?? '';
    printerHint.textContent = !service.service ? t('settings.noPrintService') : service.printers.length === 0 ? t('settings.noPrinters') : t('settings.printerHint');
  });

  // The sheets a round's one button prints, chosen here once.
  const sheets = settings.ROUND_SHEETS.map((sheet) => {
    const box = h('input', { type: 'checkbox', 'data-testid': `settings-sheet-${sheet}`, checked: settings.roundSheets().includes(sheet) });
    box.addEventListener('change', () => {
      const chosen = settings.roundSheets().filter((other) => other !== sheet);
      settings.setRoundSheets(box.checked ? [...chosen, sheet] : chosen);
      announce(t('settings.sheetsSaved'));
    });
    return h('label', { class: 'check' }, box, ' ', label(DOCUMENTS, sheet));
  });

  const info = state.appInfo();
  const preferences = info?.preferences ?? { default_ruleset: null, default_title: null };
  const defaultTitle = select(
    { 'data-testid': 'settings-default-title' },
    [['', t('settings.noDefault')], ...titles.map((x) => [x.id, localName(x)] as const)],
    preferences.default_title ?? '',
  );
  const defaultRuleset = select(
    { 'data-testid': 'settings-default-ruleset' },
    [['', t('settings.rulesetFromTitle')] as const, ...rulesets.map((x) => [x.id, localName(x)] as const)],
    preferences.default_ruleset ?? '',
  );
  const saveDefaults = h('button', { type: 'button', 'data-testid': 'settings-save-defaults' }, t('settings.saveDefaults'));
  saveDefaults.addEventListener('click', () => {
    void run(async () => {
      const updated = await call('set_preferences', { default_ruleset: defaultRuleset.value || null, default_title: defaultTitle.value || null });
      state.setInfo(updated);
      announce(t('settings.defaultsSaved'));
    }, saveDefaults);
  });

  const mirror = mirrorPanel();

  append(
    root,
    heading(t('settings.title')),
    h(
      'section',
      { class: 'panel' },
      field(t('settings.language'), language),
      field(t('settings.printLanguage'), printLanguage),
      field(t('settings.paper'), paper, t('settings.paperHint')),
      h('label', { class: 'check' }, chime, ' ', t('settings.chime')),
    ),
    h(
      'section',
      { class: 'panel', 'data-testid': 'settings-round-sheets' },
      h('h3', {}, t('settings.sheetsTitle')),
      h('p', { class: 'hint' }, t('settings.sheetsHint')),
      ...sheets,
      field(t('settings.printer'), printer),
      printerHint,
      field(t('settings.copies'), copies, t('settings.copiesHint')),
    ),
    h(
      'section',
      { class: 'panel', 'data-testid': 'settings-defaults' },
      h('h3', {}, t('settings.defaultsTitle')),
      h('p', { class: 'hint' }, t('settings.defaultsHint')),
      field(t('settings.defaultTitle'), defaultTitle),
      field(t('settings.defaultRuleset'), defaultRuleset),
      saveDefaults,
    ),
    mirror.element,
    exchangePanel(),
    info
      ? h(
          'section',
          { class: 'panel', 'data-testid': 'about' },
          h('h3', {}, t('settings.about')),
          h(
            'dl',
            { class: 'facts' },
            h('dt', {}, t('settings.version')),
            h('dd', { class: 'path', 'data-testid': 'about-version' }, info.version),
            h('dt', {}, t('settings.folder')),
            h('dd', { class: 'path', 'data-testid': 'about-events-folder' }, info.default_folder),
            h('dt', {}, t('settings.dataFolder')),
            h('dd', { class: 'path', 'data-testid': 'about-data-folder' }, info.data_folder),
          ),
        )
      : null,
  );
  return mirror.stop;
}
