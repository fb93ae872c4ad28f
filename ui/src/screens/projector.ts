// Projector window (#/projector): the round clock in big digits, read from localStorage
// four times a second, so it always shows what the Timer screen set. Escape closes it.
import * as api from '../api';
import { h } from '../dom';
import { t } from '../i18n';
import * as timer from '../timer';

export function mountProjector(root: HTMLElement): void {
  document.body.classList.add('projector-body');
  const round = h('p', { class: 'projector-round' });
  const clock = h('p', { class: 'projector-clock', 'data-testid': 'projector-clock', role: 'timer' });
  const status = h('p', { class: 'projector-status' });
  const procedure = h('p', { class: 'projector-procedure' });
  const tables = h('ul', { class: 'projector-tables' });
  root.replaceChildren(h('main', { class: 'projector', 'aria-label': t('timer.projectorTitle') }, round, clock, status, procedure, tables));

  const tick = () => {
    const state = timer.loadTimer(localStorage);
    const now = Date.now();
    if (!state) {
      clock.textContent = '--:--';
      status.textContent = t('timer.notSet');
      return;
    }
    const current = timer.status(state, now);
    round.textContent = state.round !== null ? t('results.roundN', { round: state.round }) : '';
    clock.textContent = timer.formatClock(timer.remaining(state, now));
    clock.classList.toggle('up', current === 'up');
    status.textContent = current === 'up' ? t('timer.upTitle') : t(`timer.status.${current}`);
    procedure.textContent = current === 'up' ? timer.procedureText(state, t) : '';
    tables.replaceChildren(
      ...state.tableExtensions.map((extension) =>
        h('li', {}, t('timer.projectorTable', { table: extension.table, clock: timer.formatClock(timer.tableRemaining(state, extension, now)) })),
      ),
    );
  };
  tick();
  window.setInterval(tick, 250);
  window.addEventListener('storage', tick);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') void api.closeCurrentWindow();
  });
}
