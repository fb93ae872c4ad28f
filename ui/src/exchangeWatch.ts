// Bundles from the other shops taken as they appear (docs/exchange.md): once the app's
// window opens and every minute after, the exchange folder chosen in Settings is read for
// new bundles. A folder not chosen or not plugged in is no news; a file whose outcome was
// said once (taken, waiting for trust, refused) is not said again every minute.
import { call } from './api';
import { announce } from './feedback';
import { t } from './i18n';

/** How often the exchange folder is read for new bundles. */
export const EXCHANGE_EVERY_MS = 60_000;

/** The (file, outcome) pairs worth telling that were not told yet; `told` learns them. */
export function worthSaying(bundles: readonly { file: string; outcome: string }[], told: Set<string>): number {
  let fresh = 0;
  for (const bundle of bundles) {
    if (bundle.outcome === 'already-here') continue;
    const key = `${bundle.file}\u0000${bundle.outcome}`;
    if (!told.has(key)) {
      told.add(key);
      fresh += 1;
    }
  }
  return fresh;
}

/** Starts reading the exchange folder now and every minute. */
export function startExchangeWatch(): void {
  const told = new Set<string>();
  const checkOnce = async () => {
    // The folder chosen in Settings; without one (or unplugged) the import is refused, quietly.
    const view = await call('exchange_import', { folder: null });
    const fresh = worthSaying(view.bundles, told);
    if (fresh > 0) announce(t('exchange.watched', { events: view.events, changes: view.changes, bundles: fresh }));
  };
  const quietly = () => void checkOnce().catch(() => undefined);
  quietly();
  window.setInterval(quietly, EXCHANGE_EVERY_MS);
}
