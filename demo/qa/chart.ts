// A small bar chart of shown and clicked per strategy, with the click-through rate: SVG built
// node by node (no markup strings, no inline style, so it renders under the strict CSP).
import { el, svg } from '../dom';

export type { StrategyMetrics } from '../../src/mock/platform/events';
import type { StrategyMetrics } from '../../src/mock/platform/events';

export function chart(rows: StrategyMetrics[]): HTMLElement {
  if (!rows.length) return el('p', { class: 'muted', 'data-chart': 'empty' }, 'No recommendation shown yet.');
  const max = Math.max(1, ...rows.map((r) => r.shown));
  const rowHeight = 34;
  const width = 300;
  const labelWidth = 120;
  const bar = (width - labelWidth - 50) / max;
  const graphic = svg(
    'svg',
    { viewBox: `0 0 ${width} ${rows.length * rowHeight + 4}`, width, height: rows.length * rowHeight + 4, role: 'img', 'aria-label': 'shown and clicked per strategy' },
    ...rows.flatMap((r, i) => {
      const y = i * rowHeight + 2;
      return [
        svg('text', { x: 0, y: y + 13, class: 'label' }, r.strategy),
        svg('rect', { x: labelWidth, y, width: Math.max(1, r.shown * bar), height: 12, class: 'shown' }),
        svg('text', { x: labelWidth + r.shown * bar + 4, y: y + 11, class: 'value' }, r.shown),
        svg('rect', { x: labelWidth, y: y + 14, width: Math.max(1, r.clicked * bar), height: 12, class: 'clicked' }),
        svg('text', { x: labelWidth + r.clicked * bar + 4, y: y + 25, class: 'value' }, r.clicked),
      ];
    }),
  );
  const table = el(
    'table',
    { class: 'metrics' },
    el('thead', {}, el('tr', {}, el('th', {}, 'strategy'), el('th', {}, 'shown'), el('th', {}, 'clicked'), el('th', {}, 'CTR'))),
    el(
      'tbody',
      {},
      ...rows.map((r) =>
        el('tr', { 'data-strategy': r.strategy }, el('td', {}, r.strategy), el('td', { class: 'shown' }, r.shown), el('td', { class: 'clicked' }, r.clicked), el('td', { class: 'ctr' }, `${(100 * r.clickThroughRate).toFixed(1)}%`)),
      ),
    ),
  );
  return el('div', { 'data-chart': 'metrics' }, graphic, el('p', { class: 'legend' }, el('span', { class: 'key shown' }), ' shown ', el('span', { class: 'key clicked' }), ' clicked'), table);
}
