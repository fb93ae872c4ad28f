// The words of the typed vocabulary (bindings/Structure.ts, PenaltyType.ts, …) and the
// i18n key of each one's label. Each table is a Record over its union type, so a word the
// Rust side adds fails the type check until it has a label; vocabulary.test.ts checks every
// key has a string in English and Japanese. The choices offered come from the shell's
// `catalogue` lists, not from these tables.
import type { CsvEncoding } from './bindings/CsvEncoding';
import type { Document } from './bindings/Document';
import type { Encoding } from './bindings/Encoding';
import type { ErrorKind } from './bindings/ErrorKind';
import type { ExportFormat } from './bindings/ExportFormat';
import type { Finals } from './bindings/Finals';
import type { Language } from './bindings/Language';
import type { Paper } from './bindings/Paper';
import type { PenaltyType } from './bindings/PenaltyType';
import type { ResultKind } from './bindings/ResultKind';
import type { SelectionMethod } from './bindings/SelectionMethod';
import type { Stage } from './bindings/Stage';
import type { Structure } from './bindings/Structure';
import { t } from './i18n';

/** A union's words and the i18n key of each label. */
export type Labels<T extends string> = Readonly<Record<T, string>>;

export const STRUCTURES: Labels<Structure> = {
  swiss: 'start.structures.swiss',
  'round-robin': 'start.structures.round-robin',
  'two-loss': 'start.structures.two-loss',
  'points-threshold': 'start.structures.points-threshold',
  'single-elimination': 'start.structures.single-elimination',
};

export const PENALTIES: Labels<PenaltyType> = {
  caution: 'penalties.caution',
  warning: 'penalties.warning',
  'game-loss': 'penalties.game-loss',
  'match-loss': 'penalties.match-loss',
  disqualification: 'penalties.disqualification',
  suspension: 'penalties.suspension',
};

export const SELECTION_METHODS: Labels<SelectionMethod> = {
  ranking: 'cut.methods.ranking',
  'nation-clan': 'cut.methods.nation-clan',
  'ride-line': 'cut.methods.ride-line',
  title: 'cut.methods.title',
  oshi: 'cut.methods.oshi',
  'usage-rate': 'cut.methods.usage-rate',
};

export const FINALS: Labels<Finals> = {
  'single-elimination': 'cut.finals.single-elimination',
  'double-elimination': 'cut.finals.double-elimination',
};

export const EXPORT_FORMATS: Labels<ExportFormat> = {
  archive: 'export.formats.archive',
  'standings-csv': 'export.formats.standings-csv',
  'results-csv': 'export.formats.results-csv',
  report: 'export.formats.report',
  'payout-csv': 'export.formats.payout-csv',
};

/** The file extension each export format writes. */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  archive: 'json',
  'standings-csv': 'csv',
  'results-csv': 'csv',
  report: 'txt',
  'payout-csv': 'csv',
};

export const CSV_ENCODINGS: Labels<CsvEncoding> = {
  'utf8-bom': 'export.encodings.utf8-bom',
  'shift-jis': 'export.encodings.shift-jis',
};

/** How an imported CSV file was read. */
export const ENCODINGS: Labels<Encoding> = {
  'utf8-bom': 'encoding.utf8-bom',
  utf8: 'encoding.utf8',
  'shift-jis': 'encoding.shift-jis',
};

export const DOCUMENTS: Labels<Document> = {
  pairings: 'print.pairings',
  'pairings-by-name': 'print.pairings-by-name',
  slips: 'print.slips',
  'slips-compact': 'print.slips-compact',
  standings: 'print.standings',
  breakdown: 'print.breakdown',
  bracket: 'print.bracket',
  'score-card': 'print.score-card',
  'deck-sheet': 'print.deck-sheet',
  tickets: 'print.tickets',
  'door-poster': 'print.doorPoster',
  'cut-line': 'print.cutLine',
  payout: 'print.payout',
  'deck-checks': 'print.deckChecks',
};

export const PAPERS: Labels<Paper> = {
  a4: 'settings.papers.a4',
  letter: 'settings.papers.letter',
};

export const LANGUAGES: Labels<Language> = {
  en: 'settings.languages.en',
  ja: 'settings.languages.ja',
  fr: 'settings.languages.fr',
  de: 'settings.languages.de',
  es: 'settings.languages.es',
  it: 'settings.languages.it',
  ko: 'settings.languages.ko',
  'zh-Hant': 'settings.languages.zh-Hant',
};

export const STAGES: Labels<Stage> = {
  registration: 'stage.registration',
  swiss: 'stage.swiss',
  cut: 'stage.cut',
  finished: 'stage.finished',
};

/** Short names of result kinds (history and bracket use the longer sentences of format.ts). */
export const RESULT_KINDS: Labels<ResultKind> = {
  win: 'resultKinds.win',
  draw: 'resultKinds.draw',
  'double-loss': 'resultKinds.double-loss',
  'double-win': 'resultKinds.double-win',
  default: 'resultKinds.default',
  penalty: 'resultKinds.penalty',
  team: 'resultKinds.team',
  bye: 'resultKinds.bye',
  'late-entry-loss': 'resultKinds.late-entry-loss',
  'withdrawn-bye': 'resultKinds.withdrawn-bye',
};

/** The headline shown above an error's own words. */
export const ERROR_HEADLINES: Labels<ErrorKind> = {
  'invalid-ruleset': 'errors.invalid-ruleset',
  'unknown-ruleset': 'errors.unknown-ruleset',
  'unknown-title': 'errors.unknown-title',
  'unknown-player': 'errors.unknown-player',
  'duplicate-player': 'errors.duplicate-player',
  'empty-name': 'errors.empty-name',
  'invalid-name': 'errors.invalid-name',
  'name-too-long': 'errors.name-too-long',
  'already-dropped': 'errors.already-dropped',
  'unknown-round': 'errors.unknown-round',
  'unknown-table': 'errors.unknown-table',
  'result-exists': 'errors.result-exists',
  'invalid-result': 'errors.invalid-result',
  'result-locked': 'errors.result-locked',
  'round-incomplete': 'errors.round-incomplete',
  'all-rounds-played': 'errors.all-rounds-played',
  'not-enough-players': 'errors.not-enough-players',
  'invalid-pairing': 'errors.invalid-pairing',
  'rematch-unavoidable': 'errors.rematch-unavoidable',
  'invalid-penalty': 'errors.invalid-penalty',
  'too-many-rounds': 'errors.too-many-rounds',
  arithmetic: 'errors.arithmetic',
  'invalid-cut': 'errors.invalid-cut',
  'cut-started': 'errors.cut-started',
  'structure-finished': 'errors.structure-finished',
  'wrong-slip': 'errors.wrong-slip',
  'late-entry-refused': 'errors.late-entry-refused',
  'invalid-team': 'errors.invalid-team',
  'door-closed': 'errors.door-closed',
  'unknown-entry': 'errors.unknown-entry',
  'invalid-step': 'errors.invalid-step',
  'invalid-prizes': 'errors.invalid-prizes',
  'invalid-season': 'errors.invalid-season',
  'exchange-refused': 'errors.exchange-refused',
  'invalid-ratings': 'errors.invalid-ratings',
  'file-exists': 'errors.file-exists',
  'file-not-found': 'errors.file-not-found',
  'not-an-event-file': 'errors.not-an-event-file',
  'newer-version': 'errors.newer-version',
  'damaged-file': 'errors.damaged-file',
  'read-only': 'errors.read-only',
  'disk-full': 'errors.disk-full',
  storage: 'errors.storage',
  migration: 'errors.migration',
  'stored-data': 'errors.stored-data',
  'same-file': 'errors.same-file',
  'file-in-use': 'errors.file-in-use',
  'event-moved': 'errors.event-moved',
  unconfirmed: 'errors.unconfirmed',
  io: 'errors.io',
  'not-a-library': 'errors.not-a-library',
  'ambiguous-player': 'errors.ambiguous-player',
  'csv-encoding': 'errors.csv-encoding',
  'csv-format': 'errors.csv-format',
  'csv-problems': 'errors.csv-problems',
  'tom-file': 'errors.tom-file',
  'tom-roster': 'errors.tom-roster',
  'tool-number': 'errors.tool-number',
  'golden-data': 'errors.golden-data',
  internal: 'errors.internal',
  'invalid-archive': 'errors.invalid-archive',
  'invalid-rounds': 'errors.invalid-rounds',
  'invalid-structure': 'errors.invalid-structure',
  'invalid-table': 'errors.invalid-table',
  'no-bye': 'errors.no-bye',
  'no-cut': 'errors.no-cut',
  'no-event': 'errors.no-event',
  'no-round': 'errors.no-round',
  'not-an-archive': 'errors.not-an-archive',
  'nothing-to-redo': 'errors.nothing-to-redo',
  'nothing-to-undo': 'errors.nothing-to-undo',
  'output-required': 'errors.output-required',
  'reason-required': 'errors.reason-required',
  'results-exist': 'errors.results-exist',
  'unknown-command': 'errors.unknown-command',
  'invalid-request': 'errors.invalid-request',
  'wrong-code': 'errors.wrong-code',
  'reporting-off': 'errors.reporting-off',
  'not-allowed': 'errors.not-allowed',
  'run-elsewhere': 'errors.run-elsewhere',
  'too-many-attempts': 'errors.too-many-attempts',
  'request-too-large': 'errors.request-too-large',
  busy: 'errors.busy',
  'too-slow': 'errors.too-slow',
  'port-in-use': 'errors.port-in-use',
  'connection-lost': 'errors.connection-lost',
  'print-font': 'errors.print-font',
  'print-input': 'errors.print-input',
  'print-failed': 'errors.print-failed',
};

/** Every label table, for the test that each key has an English and a Japanese string. */
export const LABEL_TABLES: Readonly<Record<string, Labels<string>>> = {
  STRUCTURES,
  PENALTIES,
  SELECTION_METHODS,
  FINALS,
  EXPORT_FORMATS,
  CSV_ENCODINGS,
  ENCODINGS,
  DOCUMENTS,
  PAPERS,
  LANGUAGES,
  STAGES,
  RESULT_KINDS,
  ERROR_HEADLINES,
};

function known<T extends string>(table: Labels<T>, value: string): value is T {
  return Object.prototype.hasOwnProperty.call(table, value);
}

/** The label of a word in the interface language. */
export function label<T extends string>(table: Labels<T>, value: T): string {
  return t(table[value]);
}

/**
 * The label of a word a view keeps as plain text (`PenaltyView.penalty`, `EventView.stage`):
 * its label when the word is known, else the word itself.
 */
export function labelOf<T extends string>(table: Labels<T>, value: string): string {
  return known(table, value) ? t(table[value]) : value;
}

/** Value/label pairs for a select, in the order of `values` (a `catalogue` list). */
export function options<T extends string>(table: Labels<T>, values: readonly T[]): [T, string][] {
  return values.filter((value) => known(table, value)).map((value) => [value, t(table[value])]);
}

/** Every word of a table, in its declaration order (for unions the catalogue does not list). */
export function words<T extends string>(table: Labels<T>): T[] {
  return Object.keys(table) as T[];
}

/** `value` as one of the table's words, or null. */
export function asWord<T extends string>(table: Labels<T>, value: string): T | null {
  return known(table, value) ? value : null;
}
