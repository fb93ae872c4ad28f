// The two message areas every screen shares: a polite aria-live status line and an alert for
// errors. Errors of a known kind get a translated headline; the shell's message follows it.
import { ApiError, normalizeError } from './api';
import { h } from './dom';
import { has, t } from './i18n';

let statusArea: HTMLElement | null = null;
let errorArea: HTMLElement | null = null;

export function feedbackAreas(): HTMLElement {
  statusArea = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  errorArea = h('div', { class: 'error', 'data-testid': 'error', role: 'alert', 'aria-live': 'assertive' });
  return h('div', { class: 'feedback' }, statusArea, errorArea);
}

/** Shows a status message and clears any error. */
export function announce(text: string): void {
  clearError();
  if (statusArea) statusArea.textContent = text;
}

/** Takes away the error shown (for example once the question it pointed to is closed). */
export function clearError(): void {
  errorArea?.replaceChildren();
}

/** Shows an error: the translation of its kind when there is one, then its own message. */
export function showError(error: unknown): void {
  const failure = normalizeError(error);
  if (statusArea) statusArea.textContent = '';
  errorArea?.replaceChildren(...errorLines(failure).map((line, index) => h(index === 0 ? 'strong' : 'p', {}, line)));
}

/** A message the UI itself found (for example a result the parser refused). */
export function showProblem(text: string): void {
  showError(new ApiError('ui', text));
}

function errorLines(error: ApiError): string[] {
  const key = `errors.${error.kind}`;
  if (error.kind !== 'ui' && has(key)) return [t(key), error.message];
  return [error.message];
}
