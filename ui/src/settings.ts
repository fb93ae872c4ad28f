// Preferences of this computer kept in localStorage: the interface language and the paper
// size for printing (the organizer's defaults for new events are the shell's: AppInfo.preferences).
import type { Language } from './bindings/Language';
import type { Paper } from './bindings/Paper';
import { languageOfTag } from './i18n/catalogues';

export type { Language, Paper };

const LANGUAGE_KEY = 'tablekeeper.language';
const PAPER_KEY = 'tablekeeper.paper';
const CHIME_KEY = 'tablekeeper.chime';

/** The chosen language, else the first of the system's languages a catalogue holds. */
export function language(): Language {
  const stored = languageOfTag(localStorage.getItem(LANGUAGE_KEY) ?? '');
  if (stored !== null) return stored;
  const system = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of system) {
    const found = languageOfTag(tag ?? '');
    if (found !== null) return found;
  }
  return 'en';
}

export function setLanguagePreference(value: Language): void {
  localStorage.setItem(LANGUAGE_KEY, value);
}

const PRINT_LANGUAGE_KEY = 'tablekeeper.printLanguage';

/** The printouts' language when one is chosen apart from the window's, else null. */
export function chosenPrintLanguage(): Language | null {
  return languageOfTag(localStorage.getItem(PRINT_LANGUAGE_KEY) ?? '');
}

/** The language printouts are made in: the one chosen for them, else the window's. */
export function printLanguage(): Language {
  return chosenPrintLanguage() ?? language();
}

/** Chooses the printouts' language; null: the window's. */
export function setPrintLanguage(value: Language | null): void {
  if (value === null) localStorage.removeItem(PRINT_LANGUAGE_KEY);
  else localStorage.setItem(PRINT_LANGUAGE_KEY, value);
}

/** The paper size; `Letter` / `A4` as earlier versions stored them still count. */
export function paper(): Paper {
  return localStorage.getItem(PAPER_KEY)?.toLowerCase() === 'letter' ? 'letter' : 'a4';
}

export function setPaper(value: Paper): void {
  localStorage.setItem(PAPER_KEY, value);
}

/** The CSS `@page` size of a paper. */
export function cssPageSize(value: Paper): string {
  return value === 'letter' ? 'letter' : 'A4';
}

/** Whether a new judge call sounds a chime (on unless turned off in Settings). */
export function chimeOn(): boolean {
  return localStorage.getItem(CHIME_KEY) !== 'off';
}

export function setChime(on: boolean): void {
  localStorage.setItem(CHIME_KEY, on ? 'on' : 'off');
}

/** The sheets a round's "print and start the clock" sends to the printer, chosen once. */
export const ROUND_SHEETS = ['pairings', 'pairings-by-name', 'slips'] as const;
export type RoundSheet = (typeof ROUND_SHEETS)[number];
const ROUND_SHEETS_KEY = 'tablekeeper.roundSheets';

/** The chosen round sheets (the pairings and the match slips until the organizer chooses). */
export function roundSheets(): RoundSheet[] {
  const saved = (localStorage.getItem(ROUND_SHEETS_KEY) ?? 'pairings,slips').split(',');
  return ROUND_SHEETS.filter((sheet) => saved.includes(sheet));
}

export function setRoundSheets(sheets: readonly RoundSheet[]): void {
  localStorage.setItem(ROUND_SHEETS_KEY, ROUND_SHEETS.filter((sheet) => sheets.includes(sheet)).join(','));
}

const ROUND_PRINTER_KEY = 'tablekeeper.roundPrinter';
const ROUND_COPIES_KEY = 'tablekeeper.roundCopies';

/** The printer the round's sheets go to (the print service's name), or none: each sheet is
 * then opened in the PDF viewer. */
export function roundPrinter(): string | null {
  return localStorage.getItem(ROUND_PRINTER_KEY) || null;
}

export function setRoundPrinter(printer: string | null): void {
  if (printer) localStorage.setItem(ROUND_PRINTER_KEY, printer);
  else localStorage.removeItem(ROUND_PRINTER_KEY);
}

/** Copies of each of the round's sheets (a shop posting pairings on two walls prints 2). */
export function roundCopies(): number {
  const copies = Number(localStorage.getItem(ROUND_COPIES_KEY) ?? '1');
  return Number.isInteger(copies) && copies >= 1 && copies <= 20 ? copies : 1;
}

export function setRoundCopies(copies: number): void {
  localStorage.setItem(ROUND_COPIES_KEY, String(copies));
}
