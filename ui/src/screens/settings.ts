// Settings: interface language (English / Japanese) and paper size for printing, both kept
// in localStorage; the app version and default event folder for reference.
import { append, field, h, select } from '../dom';
import { announce } from '../feedback';
import { changeLanguage, t } from '../i18n';
import { rerender } from '../router';
import { heading } from '../screen';
import * as settings from '../settings';
import * as state from '../state';

export function mountSettings(root: HTMLElement): void {
  const language = select(
    { 'data-testid': 'settings-language' },
    [
      ['en', t('settings.languages.en')],
      ['ja', t('settings.languages.ja')],
    ],
    settings.language(),
  );
  language.addEventListener('change', () => {
    const chosen = language.value === 'ja' ? 'ja' : 'en';
    settings.setLanguagePreference(chosen);
    void changeLanguage(chosen).then(() => {
      rerender();
      document.querySelector<HTMLElement>('[data-testid="settings-language"]')?.focus();
      announce(t('settings.languageChanged'));
    });
  });
  const paper = select(
    { 'data-testid': 'settings-paper' },
    [
      ['A4', t('settings.papers.A4')],
      ['Letter', t('settings.papers.Letter')],
    ],
    settings.paper(),
  );
  paper.addEventListener('change', () => {
    settings.setPaper(paper.value === 'Letter' ? 'Letter' : 'A4');
    announce(t('settings.paperChanged', { paper: t(`settings.papers.${settings.paper()}`) }));
  });
  const info = state.appInfo();
  append(
    root,
    heading(t('settings.title')),
    h('section', { class: 'panel' }, field(t('settings.language'), language), field(t('settings.paper'), paper, t('settings.paperHint'))),
    info
      ? h(
          'section',
          { class: 'panel' },
          h('h3', {}, t('settings.about')),
          h('dl', { class: 'facts' }, h('dt', {}, t('settings.version')), h('dd', {}, info.version), h('dt', {}, t('settings.folder')), h('dd', { class: 'path' }, info.default_folder)),
        )
      : null,
  );
}
