/**
 * The roster into TOM: the event's players written into a `.tdf` that TOM created, so
 * nobody types the names into TOM again (docs/seasons.md, "The roster into TOM"). TOM's
 * file keeps everything else as TOM wrote it; the panel says who went in and who could not.
 */
import { call, chooseTomFile } from '../api';
import type { TomRosterView } from '../bindings/TomRosterView';
import { h } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { run } from '../screen';

/** What the roster did, a line each: written (or unchanged), already there, not written. */
export function rosterLines(view: TomRosterView): string[] {
  const lines = [
    view.changed
      ? t('registration.tomRoster.written', { count: view.added.length, file: view.written })
      : t('registration.tomRoster.unchanged', { file: view.written }),
  ];
  if (view.already.length > 0) lines.push(t('registration.tomRoster.already', { count: view.already.length }));
  for (const skipped of view.skipped) {
    lines.push(t(`registration.tomRoster.skipped.${skipped.reason}`, { name: skipped.player.name, id: skipped.player.id }));
  }
  return lines;
}

/** The panel: one button that asks for TOM's file, writes the roster, and says what it did. */
export function tomRosterPanel(): HTMLElement {
  const button = h('button', { type: 'button', 'data-testid': 'tom-roster' }, t('registration.tomRoster.write'));
  const outcome = h('ul', { class: 'note', 'data-testid': 'tom-roster-outcome' });
  button.addEventListener('click', () => {
    void run(async () => {
      outcome.replaceChildren();
      const picked = await chooseTomFile(t('registration.tomRoster.choose'), t('season.tomFiles'));
      if (!picked) return;
      const view = await call('tom_roster', { path: picked });
      const lines = rosterLines(view);
      outcome.replaceChildren(...lines.map((line) => h('li', {}, line)));
      announce(lines[0] ?? '');
    }, button);
  });
  return h(
    'section',
    { class: 'panel', 'data-testid': 'tom-roster-panel' },
    h('h3', {}, t('registration.tomRoster.title')),
    h('p', { class: 'hint' }, t('registration.tomRoster.hint')),
    button,
    outcome,
  );
}
