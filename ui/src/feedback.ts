// The message areas every screen shares: a polite aria-live status line, an alert for
// errors, and the "working…" line while a slow command runs (the page stays usable).
// Errors of a known kind get a translated headline; the error's own words follow it in the
// interface language (say()).
import { ApiError, normalizeError, onBusy, onNotices } from './api';
import type { Message } from './bindings/Message';
import { h } from './dom';
import { t } from './i18n';
import { say } from './i18n/messages';
import { asWord, ERROR_HEADLINES } from './vocabulary';

let statusArea: HTMLElement | null = null;
let errorArea: HTMLElement | null = null;
let busyArea: HTMLElement | null = null;
let running = 0;

onBusy((count) => {
  running = count;
  showBusy();
});

function showBusy(): void {
  if (busyArea) {
    busyArea.hidden = running === 0;
    busyArea.textContent = running > 0 ? t('common.working') : '';
  }
  if (typeof document === 'undefined') return;
  const main = document.getElementById('main');
  if (main) main.setAttribute('aria-busy', String(running > 0));
}

export function feedbackAreas(): HTMLElement {
  statusArea = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  errorArea = h('div', { class: 'error', 'data-testid': 'error', role: 'alert', 'aria-live': 'assertive' });
  busyArea = h('p', { class: 'busy', 'data-testid': 'busy', hidden: true });
  queueMicrotask(showBusy);
  // After the command's own status line, which the screen sets once the call returns.
  onNotices((notices) =>
    setTimeout(() => statusArea?.append(...notices.map((notice) => h('span', { class: 'notice', 'data-testid': 'notice' }, ` ${say(notice)}`))), 0),
  );
  return h('div', { class: 'feedback' }, busyArea, statusArea, errorArea);
}

/** Shows a status message and clears any error. */
export function announce(text: string): void {
  clearError();
  if (statusArea) statusArea.textContent = text;
}

/** Shows a status message with an Undo button beside it (for a step taken in one click). */
export function announceWithUndo(text: string, undo: () => Promise<void>): void {
  announce(text);
  if (!statusArea) return;
  const button = h('button', { type: 'button', class: 'link', 'data-testid': 'status-undo' }, t('common.undo'));
  button.addEventListener('click', () => {
    button.disabled = true;
    undo().catch(showError);
  });
  statusArea.append(' ', button);
}

/** Shows a backend message (a notice) in the status line. */
export function announceMessage(message: Message): void {
  announce(say(message));
}

/** Takes away the status, notices and error shown (a new screen starts without them). */
export function clearFeedback(): void {
  statusArea?.replaceChildren();
  clearError();
}

/** Takes away the error shown (for example once the question it pointed to is closed). */
export function clearError(): void {
  errorArea?.replaceChildren();
}

/** Shows an error: the headline of its kind when there is one, then its own words. */
export function showError(error: unknown): void {
  const failure = normalizeError(error);
  if (statusArea) statusArea.textContent = '';
  errorArea?.replaceChildren(...errorLines(failure).map((line, index) => h(index === 0 ? 'strong' : 'p', {}, line)));
}

/** A message the UI itself found (for example a box left empty). */
export function showProblem(text: string): void {
  showError(new ApiError('ui', text));
}

/** An error's words in the interface language. */
export function errorText(error: ApiError): string {
  return error.key ? say(error.words) : error.message;
}

function errorLines(error: ApiError): string[] {
  const kind = asWord(ERROR_HEADLINES, error.kind);
  const words = errorText(error);
  if (error.kind === 'ui') return [words];
  if (error.kind === 'host') return [t('errors.host'), words];
  return kind ? [t(ERROR_HEADLINES[kind]), words] : [words];
}
