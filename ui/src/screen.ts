// Pieces every screen uses: its heading, the "open an event first" notice, and running a
// command with the button disabled and any error shown.
import { h } from './dom';
import { call } from './api';
import { announce, showError } from './feedback';
import { t } from './i18n';
import { showOnProjector } from './projectorView';
import { cssPageSize, paper, printLanguage } from './settings';
import * as state from './state';
import type { Document, EventView } from './types';
import { DOCUMENTS, label } from './vocabulary';

/** The screen's heading; focusable so navigation can move focus to it. */
export function heading(text: string): HTMLHeadingElement {
  return h('h2', { tabindex: -1 }, text);
}

/** The open event, or null after rendering a notice that points to the Start screen. */
export function requireEvent(root: HTMLElement): EventView | null {
  const current = state.event();
  if (!current) {
    root.append(h('p', { class: 'notice' }, t('common.noEvent'), ' ', h('a', { href: '#/start' }, t('common.goToStart'))));
  }
  return current;
}

/**
 * Runs `action` while `button` (if any) is disabled, so a double press does nothing twice.
 * Shows the error and resolves to undefined on failure.
 */
export async function run<T>(action: () => Promise<T>, button?: HTMLButtonElement): Promise<T | undefined> {
  if (button) button.disabled = true;
  try {
    return await action();
  } catch (error) {
    showError(error);
    return undefined;
  } finally {
    if (button) button.disabled = false;
  }
}

/** An empty datalist that player boxes point to (`list` attribute); fill it with fillNames. */
export function playerNames(id: string): HTMLDataListElement {
  return h('datalist', { id });
}

export function fillNames(list: HTMLDataListElement, names: readonly string[]): void {
  list.replaceChildren(...names.map((name) => h('option', { value: name })));
}

/** Prints the current screen on the paper size chosen in Settings. */
/** A button that sends `view` (the round's pairings, the standings) to the projector window. */
export function projectorButton(view: 'pairings' | 'standings', testid: string): HTMLButtonElement {
  const button = h('button', { type: 'button', 'data-testid': testid }, t(`projector.show.${view}`));
  button.addEventListener('click', () => void run(() => showOnProjector(view, t(`projector.${view}`)), button));
  return button;
}

export function printButton(testid: string): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'no-print',
      'data-testid': testid,
      onclick: () => {
        let style = document.getElementById('page-size');
        if (!style) {
          style = h('style', { id: 'page-size' });
          document.head.append(style);
        }
        style.textContent = `@page { size: ${cssPageSize(paper())}; margin: 12mm; }`;
        window.print();
      },
    },
    t('common.print'),
  );
}

/**
 * Buttons that write each document as a PDF beside the event file (paper size and language
 * from Settings) and open it in the system's PDF viewer to print. Documents the shell's
 * catalogue does not offer are left out.
 */
export function pdfButtons(documents: readonly Document[], round?: () => number | null): HTMLElement {
  const offered = state.catalogue().documents;
  const buttons = documents
    .filter((document) => offered.length === 0 || offered.includes(document))
    .map((document) => {
      const button = h('button', { type: 'button', 'data-testid': `pdf-${document}` }, label(DOCUMENTS, document));
      button.addEventListener('click', () => {
        void run(async () => {
          const view = await call('print', {
            document,
            round: round?.() ?? null,
            paper: paper(),
            language: printLanguage(),
            open: true,
          });
          announce(t(view.opened ? 'print.opened' : 'print.saved', { path: view.path }));
        }, button);
      });
      return button;
    });
  return h('div', { class: 'actions no-print', role: 'group', 'aria-label': t('print.group') }, h('span', { class: 'label' }, t('print.group')), ...buttons);
}

/**
 * A two-step action: the button asks, and `confirm` (with Cancel) appears in `area` with
 * the question; only the second press runs `action`.
 */
export function confirmStep(area: HTMLElement, question: Node | string, confirmLabel: string, testid: string, action: (button: HTMLButtonElement) => void): void {
  const yes = h('button', { type: 'button', class: 'primary', 'data-testid': `${testid}-confirm` }, confirmLabel);
  const no = h('button', { type: 'button', 'data-testid': `${testid}-cancel` }, t('common.cancel'));
  yes.addEventListener('click', () => action(yes));
  no.addEventListener('click', () => area.replaceChildren());
  area.replaceChildren(h('div', { class: 'confirm', role: 'group' }, typeof question === 'string' ? h('p', {}, question) : question, h('div', { class: 'actions' }, yes, no)));
  yes.focus();
}
