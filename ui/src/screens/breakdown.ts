// The per-player tiebreak breakdown under the standings: each round's opponent, their record
// and match-win percentage as the ruleset counts it, so a player can see why they placed where
// they did. Loaded when first opened (it is as long as the field).
import { call } from '../api';
import { h } from '../dom';
import { decimal, has, t } from '../i18n';
import { run } from '../screen';
import type { BreakdownView, PlayerBreakdown } from '../types';

export function breakdownPanel(): HTMLElement {
  const body = h('div', { 'data-testid': 'breakdown-players' });
  const panel = h('details', { class: 'panel no-print', 'data-testid': 'breakdown' }, h('summary', {}, t('breakdown.title')), body);
  let loaded = false;
  panel.addEventListener('toggle', () => {
    if (!panel.open || loaded) return;
    loaded = true;
    void run(async () => render(body, await call('breakdown', null)));
  });
  return panel;
}

function render(body: HTMLElement, view: BreakdownView): void {
  body.replaceChildren(...view.players.map(playerSection));
}

function playerSection(player: PlayerBreakdown): HTMLElement {
  const values = [
    t('breakdown.summary', { rank: player.rank, points: player.points, record: player.record }),
    ...(player.match_win ? [`${t('tiebreakers.match-win')} ${decimal(player.match_win.display)}`] : []),
    ...player.tiebreakers.map((value) => `${has(`tiebreakers.${value.id}`) ? t(`tiebreakers.${value.id}`) : value.id} ${decimal(value.display)}`),
  ];
  const columns = ['round', 'opponent', 'outcome', 'opponentRecord', 'opponentMatchWin', 'counted'];
  return h(
    'details',
    { 'data-testid': 'breakdown-player', 'data-player': player.player },
    h('summary', {}, `${player.rank}. ${player.name}`),
    h('p', {}, values.join(' · ')),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, t(`breakdown.columns.${c}`))))),
        h(
          'tbody',
          {},
          ...player.rounds.map((line) =>
            h(
              'tr',
              {},
              h('td', { class: 'num' }, line.round),
              h('td', {}, line.opponent_name ?? t('breakdown.noOpponent')),
              h('td', {}, t(`breakdown.outcomes.${line.outcome}`)),
              h('td', { class: 'num' }, line.opponent_record ?? '—'),
              h('td', { class: 'num' }, line.opponent_match_win ? decimal(line.opponent_match_win) : '—'),
              h('td', {}, line.counted ? t('breakdown.yes') : t('breakdown.no')),
            ),
          ),
        ),
      ),
    ),
  );
}
