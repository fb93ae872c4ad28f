// Bundles from the other shops taken as they appear (docs/exchange.md): once the app's
// window opens and every minute after, the exchange folder chosen in Settings is read for
// new bundles. Nothing is said when nothing is new, or when the folder is not plugged in;
// a bundle taken, waiting for trust or refused is announced.
import { call } from './api';
import { announce } from './feedback';
import { t } from './i18n';

/** How often the exchange folder is read for new bundles. */
export const EXCHANGE_EVERY_MS = 60_000;

/** Whether an import is worth telling the scorekeeper: something taken, waiting or refused. */
export function worthSaying(outcomes: readonly string[]): boolean {
  return outcomes.some((outcome) => outcome !== 'already-here');
}

async function checkOnce(): Promise<void> {
  const info = await call('exchange_info', null);
  if (!info.folder) return;
  const view = await call('exchange_import', { folder: null });
  if (worthSaying(view.bundles.map((bundle) => bundle.outcome))) {
    announce(t('exchange.watched', { events: view.events, changes: view.changes, bundles: view.bundles.filter((b) => b.outcome !== 'already-here').length }));
  }
}

/** Starts reading the exchange folder now and every minute. */
export function startExchangeWatch(): void {
  const quietly = () => void checkOnce().catch(() => undefined);
  quietly();
  window.setInterval(quietly, EXCHANGE_EVERY_MS);
}
