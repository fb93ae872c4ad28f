// @vitest-environment happy-dom
// The computer's language preferences: the window's from the system on first start, the
// printouts' apart from it when chosen.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chosenPrintLanguage, language, printLanguage, setLanguagePreference, setPrintLanguage } from './settings';

describe('language preferences', () => {
  beforeEach(() => localStorage.clear());

  it('follows the first of the system languages a catalogue holds on first start', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR', 'de-AT', 'en']);
    expect(language()).toBe('de');
    languages.mockReturnValue(['zh-TW']);
    expect(language()).toBe('zh-Hant');
    languages.mockReturnValue(['nl']);
    expect(language()).toBe('en');
    languages.mockRestore();
  });

  it('keeps the chosen language over the system one', () => {
    setLanguagePreference('ko');
    expect(language()).toBe('ko');
  });

  it('prints in the window language until another is chosen for printouts', () => {
    setLanguagePreference('fr');
    expect(chosenPrintLanguage()).toBeNull();
    expect(printLanguage()).toBe('fr');
    setPrintLanguage('ja');
    expect(printLanguage()).toBe('ja');
    expect(language()).toBe('fr');
    setPrintLanguage(null);
    expect(printLanguage()).toBe('fr');
  });
});
