// Preferences kept in localStorage: the interface language and the paper size for printing.

export type Language = 'en' | 'ja';
export type Paper = 'A4' | 'Letter';

const LANGUAGE_KEY = 'tablekeeper.language';
const PAPER_KEY = 'tablekeeper.paper';

export function language(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored === 'en' || stored === 'ja') return stored;
  return navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function setLanguagePreference(value: Language): void {
  localStorage.setItem(LANGUAGE_KEY, value);
}

export function paper(): Paper {
  return localStorage.getItem(PAPER_KEY) === 'Letter' ? 'Letter' : 'A4';
}

export function setPaper(value: Paper): void {
  localStorage.setItem(PAPER_KEY, value);
}
