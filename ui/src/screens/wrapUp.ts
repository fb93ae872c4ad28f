// Closing the night, in one place on Prizes: the payout sheet printed, the report for the
// publisher written beside the event file, the stick's copy current and the other shops'
// bundle sent, each shown with where it stands and done on its own button, then "Finish and
// close", which does what is left in that order and closes the event. A step that fails
// stops there with its reason, and the event stays open (decisions.md, "Close the night").
import { call } from '../api';
import type { MirrorView } from '../bindings/MirrorView';
import { h } from '../dom';
import { announce } from '../feedback';
import { joinPath } from '../format';
import { t } from '../i18n';
import { go } from '../router';
import { run } from '../screen';
import { paper, printLanguage } from '../settings';
import * as state from '../state';

/** What this laptop did of the night's close, per event file. */
interface Done {
  payout: boolean;
  report: string | null;
  sent: boolean;
}

const DONE_KEY = 'tablekeeper.wrapUp';

function loadDone(file: string): Done {
  try {
    const saved = JSON.parse(localStorage.getItem(`${DONE_KEY}:${file}`) ?? 'null') as Partial<Done> | null;
    return { payout: saved?.payout === true, report: typeof saved?.report === 'string' ? saved.report : null, sent: saved?.sent === true };
  } catch {
    return { payout: false, report: null, sent: false };
  }
}

function saveDone(file: string, done: Done): void {
  localStorage.setItem(`${DONE_KEY}:${file}`, JSON.stringify(done));
}

/** The folder an event file is in. */
export function folderOf(file: string): string {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return cut > 0 ? file.slice(0, cut) : file;
}

/** The publisher's report beside the event file: `<event file name>-report.txt`. */
export function reportPath(file: string): string {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1).replace(/\.tkevent$/i, '');
  return joinPath(folderOf(file), `${name}-report.txt`);
}

/** Where the stick's copy stands, in words, and whether it is whole. */
export function mirrorLine(view: MirrorView): { text: string; ok: boolean | null } {
  if (!view.folder) return { text: t('wrapUp.mirrorOff'), ok: null };
  if (view.problem) return { text: t('wrapUp.mirrorFailed', { folder: view.folder }), ok: false };
  const behind = (view.newest ?? 0) - (view.step ?? 0);
  return behind > 0 ? { text: t('wrapUp.mirrorWriting', { folder: view.folder }), ok: false } : { text: t('wrapUp.mirrorCurrent', { folder: view.folder }), ok: true };
}

/** The panel; `hasPayout` says whether the event has a payout recorded (Prizes knows),
 * `render` draws the list again when that changes, and `reveal` brings it into view. */
export function wrapUpPanel(hasPayout: () => boolean): { element: HTMLElement; render: () => void; reveal: () => void } {
  const event = state.event();
  const file = event?.file ?? '';
  let done = loadDone(file);
  const list = h('ul', { class: 'wrap-up', 'data-testid': 'wrap-up-list' });
  const printPayout = h('button', { type: 'button', 'data-testid': 'wrap-up-payout' }, t('wrapUp.printPayout'));
  const writeReport = h('button', { type: 'button', 'data-testid': 'wrap-up-report' }, t('wrapUp.writeReport'));
  const send = h('button', { type: 'button', 'data-testid': 'wrap-up-send' }, t('wrapUp.send'));
  const finish = h('button', { type: 'button', class: 'primary', 'data-testid': 'wrap-up-close' }, t('wrapUp.finish'));
  let mirror: MirrorView | null = null;
  let exchangeFolder: string | null = null;

  const item = (id: string, ok: boolean | null, text: string, button: HTMLElement | null) =>
    h('li', { 'data-testid': `wrap-up-${id}-line`, 'data-state': ok === null ? 'none' : ok ? 'done' : 'todo' }, ok ? `✓ ${text}` : text, button ? ' ' : '', button ?? '');
  const render = () => {
    const payout = hasPayout();
    const stick = mirror ? mirrorLine(mirror) : { text: t('wrapUp.mirrorOff'), ok: null };
    list.replaceChildren(
      item('payout', payout ? done.payout : null, payout ? (done.payout ? t('wrapUp.payoutPrinted') : t('wrapUp.payoutToPrint')) : t('wrapUp.noPayout'), payout && !done.payout ? printPayout : null),
      item('report', done.report !== null, done.report ? t('wrapUp.reportWritten', { path: done.report }) : t('wrapUp.reportToWrite', { path: reportPath(file) }), done.report ? null : writeReport),
      item('mirror', stick.ok, stick.text, null),
      item('send', exchangeFolder ? done.sent : null, !exchangeFolder ? t('wrapUp.noExchange') : done.sent ? t('wrapUp.sent', { folder: exchangeFolder }) : t('wrapUp.toSend', { folder: exchangeFolder }), exchangeFolder && !done.sent ? send : null),
    );
  };
  const update = (change: Partial<Done>) => {
    done = { ...done, ...change };
    saveDone(file, done);
    render();
  };

  const steps = {
    payout: async () => {
      await call('print', { document: 'payout', round: null, paper: paper(), language: printLanguage(), open: true, output: null });
      update({ payout: true });
    },
    report: async () => {
      const written = await call('export', { format: 'report', path: reportPath(file), encoding: null });
      update({ report: written.written });
    },
    send: async () => {
      await call('exchange_export', { folder: null });
      update({ sent: true });
    },
  };
  printPayout.addEventListener('click', () => void run(steps.payout, printPayout));
  writeReport.addEventListener('click', () => void run(steps.report, writeReport));
  send.addEventListener('click', () => void run(steps.send, send));
  finish.addEventListener('click', () => {
    void run(async () => {
      if (hasPayout() && !done.payout) await steps.payout();
      if (done.report === null) await steps.report();
      if (exchangeFolder && !done.sent) await steps.send();
      // Closing writes the stick's last copy; what it holds is said before it goes.
      const stick = mirrorLine(await call('mirror', null));
      await call('close_event', null);
      state.setEvent(null);
      announce([t('wrapUp.closed', { name: event?.name ?? '' }), stick.ok === false ? stick.text : ''].join(' ').trim());
      go('start');
    }, finish);
  });

  void run(async () => {
    mirror = await call('mirror', null);
    // A laptop without the shop's exchange (a station) has nothing to send.
    exchangeFolder = await call('exchange_info', null)
      .then((view) => view.folder)
      .catch(() => null);
    render();
  });
  render();
  const element = h(
    'section',
    { class: 'panel', 'data-testid': 'wrap-up' },
    h('h3', {}, t('wrapUp.title')),
    h('p', { class: 'hint' }, t('wrapUp.hint')),
    list,
    h('div', { class: 'actions' }, finish),
  );
  // Brought into view with its button focused, when it is the next thing to do.
  const reveal = () => {
    element.scrollIntoView({ block: 'nearest' });
    finish.focus();
  };
  return { element, render, reveal };
}
