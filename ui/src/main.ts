// Entry point: language, then either the projector clock (#/projector, its own window) or
// the app shell with its screens.
import './style.css';
import { showError } from './feedback';
import { startExchangeWatch } from './exchangeWatch';
import { initI18n } from './i18n';
import { startRouter } from './router';
import { mountProjector } from './screens/projector';
import { mountPrizes } from './screens/prizes';
import { mountCut } from './screens/cut';
import { mountRegistration } from './screens/registration';
import { mountResults } from './screens/results';
import { mountRound } from './screens/round';
import { mountSettings } from './screens/settings';
import { mountShare } from './screens/share';
import { mountStandings } from './screens/standings';
import { mountStart } from './screens/start';
import { mountTimer } from './screens/timer';
import { language } from './settings';
import * as state from './state';

async function boot(): Promise<void> {
  await initI18n(language());
  const root = document.getElementById('app');
  if (!root) return;
  if (location.hash === '#/projector') {
    mountProjector(root);
    return;
  }
  const screens = {
    start: mountStart,
    registration: mountRegistration,
    round: mountRound,
    results: mountResults,
    standings: mountStandings,
    cut: mountCut,
    prizes: mountPrizes,
    timer: mountTimer,
    share: mountShare,
    settings: mountSettings,
  };
  let failure: unknown = null;
  try {
    await state.loadApp();
  } catch (error) {
    failure = error;
  }
  startRouter(root, screens);
  // When the first screen has been drawn (the frame after the one that drew it began): the
  // measure run reads it as the app's start time.
  requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('tablekeeper:first-screen-drawn')));
  if (failure === null) startExchangeWatch();
  if (failure !== null) showError(failure);
  // The file the app was started with (a double-clicked event) did not open: say why at
  // once; the Start screen keeps saying it.
  else if (state.appInfo()?.startup_error) showError(state.appInfo()?.startup_error);
}

void boot();
