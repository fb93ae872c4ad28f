// The exchange between shops on the Settings screen (docs/exchange.md): this shop's name and
// fingerprint, the exchange folder (a USB stick, a shared folder), sending a bundle and
// checking for new ones, the shops waiting to be trusted (each with its fingerprint to
// compare before trusting it), the shops trusted, every conflict said, and the shared
// events' players to match by hand.
import * as api from '../api';
import { call } from '../api';
import type { ExchangeImportView } from '../bindings/ExchangeImportView';
import type { ExchangeView } from '../bindings/ExchangeView';
import type { ShopView } from '../bindings/ShopView';
import type { UnmatchedView } from '../bindings/UnmatchedView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { say } from '../i18n/messages';
import { run } from '../screen';

/** A shop as a person reads it: its name (when it has one) and its fingerprint. */
export function shopLabel(shop: ShopView): string {
  return shop.name ? `${shop.name} (${shop.fingerprint})` : shop.fingerprint;
}

/** The words for an import: how many events and changes, or that nothing was new. */
export function importSummary(view: ExchangeImportView): { key: string; params: Record<string, string | number> } {
  if (view.events === 0 && view.changes === 0) return { key: 'exchange.nothingNew', params: {} };
  return { key: 'exchange.taken', params: { events: view.events, changes: view.changes, players: view.players } };
}

export function exchangePanel(): HTMLElement {
  const name = h('input', { type: 'text', autocomplete: 'off', maxlength: '80', 'data-testid': 'exchange-shop-name' });
  const saveName = h('button', { type: 'button', 'data-testid': 'exchange-save-name' }, t('exchange.saveName'));
  const fingerprint = h('code', { 'data-testid': 'exchange-fingerprint' });
  const folder = h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-testid': 'exchange-folder' });
  const choose = h('button', { type: 'button', 'data-testid': 'exchange-choose' }, t('exchange.choose'));
  const use = h('button', { type: 'button', 'data-testid': 'exchange-use' }, t('exchange.use'));
  const send = h('button', { type: 'button', class: 'primary', 'data-testid': 'exchange-send' }, t('exchange.send'));
  const check = h('button', { type: 'button', 'data-testid': 'exchange-check' }, t('exchange.check'));
  const status = h('p', { role: 'status', 'data-testid': 'exchange-status' });
  const outcomes = h('ul', { 'data-testid': 'exchange-outcomes' });
  const waiting = h('ul', { 'data-testid': 'exchange-waiting' });
  const trusted = h('ul', { 'data-testid': 'exchange-trusted' });
  const conflicts = h('ul', { class: 'error', 'data-testid': 'exchange-conflicts' });
  const showUnmatched = h('button', { type: 'button', 'data-testid': 'exchange-show-unmatched' }, t('exchange.showUnmatched'));
  const unmatched = h('ul', { 'data-testid': 'exchange-unmatched' });

  const show = (view: ExchangeView) => {
    if (document.activeElement !== name) name.value = view.shop.name;
    fingerprint.textContent = view.shop.fingerprint;
    if (document.activeElement !== folder) folder.value = view.folder ?? '';
    status.textContent = t('exchange.state', { events: view.shared_events, unmatched: view.unmatched });
    waiting.replaceChildren(
      ...view.waiting.map((shop) => {
        const trust = h('button', { type: 'button', 'data-testid': 'exchange-trust' }, t('exchange.trust'));
        trust.addEventListener('click', () =>
          void run(async () => {
            const shown = await call('trust_shop', { fingerprint: shop.fingerprint });
            announce(t('exchange.trusted', { shop: shopLabel(shown) }));
            // Its waiting bundles count now.
            if (view.folder) showImport(await call('exchange_import', { folder: null }));
            await refresh();
          }, trust),
        );
        return h('li', { 'data-testid': 'exchange-waiting-shop' }, t('exchange.waitingShop', { shop: shopLabel(shop) }), ' ', trust);
      }),
    );
    waiting.hidden = view.waiting.length === 0;
    trusted.replaceChildren(...view.trusted.map((shop) => h('li', {}, shopLabel(shop))));
    conflicts.replaceChildren(...view.conflicts.map((message) => h('li', { 'data-testid': 'exchange-conflict' }, say(message))));
    conflicts.hidden = view.conflicts.length === 0;
  };
  const showImport = (view: ExchangeImportView) => {
    outcomes.replaceChildren(
      ...view.bundles
        .filter((bundle) => bundle.outcome !== 'already-here')
        .map((bundle) => h('li', { 'data-testid': 'exchange-outcome', 'data-outcome': bundle.outcome }, say(bundle.said))),
    );
    const words = importSummary(view);
    announce(t(words.key, words.params));
  };
  const refresh = async () => show(await call('exchange_info', null));

  // Shared events' players no library player is yet: a person says who they are (one of
  // the suggested library players, or a new one); the match travels with the next bundle.
  const drawUnmatched = (list: UnmatchedView[]) => {
    unmatched.replaceChildren(
      ...list.map((player) => {
        const confirm = (number: number | null, button: HTMLButtonElement) =>
          void run(async () => {
            const matched = await call('exchange_confirm', { event: player.event, player: player.player, number });
            announce(t('exchange.matched', { name: matched.name, number: matched.number }));
            drawUnmatched(await call('exchange_unmatched', null));
            await refresh();
          }, button);
        const choices = player.suggestions.map((suggested) => {
          const button = h('button', { type: 'button', 'data-testid': 'exchange-is' }, t('exchange.isThis', { name: suggested.name, number: suggested.number }));
          button.addEventListener('click', () => confirm(suggested.number, button));
          return button;
        });
        const fresh = h('button', { type: 'button', 'data-testid': 'exchange-new-player' }, t('exchange.newPlayer'));
        fresh.addEventListener('click', () => confirm(null, fresh));
        return h(
          'li',
          { 'data-testid': 'exchange-unmatched-player' },
          t('exchange.unmatchedPlayer', { name: player.reading ? `${player.name} (${player.reading})` : player.name, event: player.event_name, date: player.date.slice(0, 10) }),
          ' ',
          ...choices,
          fresh,
        );
      }),
    );
    if (list.length === 0) unmatched.append(h('li', { class: 'hint' }, t('exchange.noneUnmatched')));
  };
  showUnmatched.addEventListener('click', () =>
    void run(async () => drawUnmatched(await call('exchange_unmatched', null)), showUnmatched),
  );

  saveName.addEventListener('click', () =>
    void run(async () => {
      show(await call('set_shop_name', { name: name.value }));
      announce(t('exchange.nameSaved'));
    }, saveName),
  );
  choose.addEventListener('click', () =>
    void run(async () => {
      const picked = await api.chooseFolder(t('exchange.choose'));
      if (typeof picked === 'string') folder.value = picked;
    }, choose),
  );
  use.addEventListener('click', () =>
    void run(async () => {
      const view = await call('set_exchange_folder', { folder: folder.value.trim() || null });
      show(view);
      announce(view.folder ? t('exchange.folderChosen', { folder: view.folder }) : t('exchange.folderCleared'));
    }, use),
  );
  send.addEventListener('click', () =>
    void run(async () => {
      const written = await call('exchange_export', { folder: null });
      announce(
        written.written
          ? t('exchange.sent', { events: written.events, changes: written.changes, path: written.written })
          : t('exchange.nothingToSend'),
      );
      await refresh();
    }, send),
  );
  check.addEventListener('click', () =>
    void run(async () => {
      showImport(await call('exchange_import', { folder: null }));
      await refresh();
    }, check),
  );
  void refresh().catch(() => undefined);

  return h(
    'section',
    { class: 'panel', 'data-testid': 'settings-exchange' },
    h('h3', {}, t('exchange.title')),
    h('p', { class: 'hint' }, t('exchange.hint')),
    h('div', { class: 'inline' }, field(t('exchange.shopName'), name), saveName),
    h('p', {}, t('exchange.fingerprint'), ' ', fingerprint),
    h('div', { class: 'inline' }, field(t('exchange.folder'), folder, t('exchange.folderHint')), choose, use),
    h('div', { class: 'actions' }, send, check),
    status,
    outcomes,
    waiting,
    h('h4', {}, t('exchange.trustedTitle')),
    trusted,
    conflicts,
    h('h4', {}, t('exchange.unmatchedTitle')),
    showUnmatched,
    unmatched,
  );
}
