// A small bar chart of shown and clicked per strategy, with the click-through rate: SVG built
// node by node (no markup strings, no inline style, so it renders under the strict CSP).
// The mock counts by the strategy each item names (a chain's component, `cf_viewed`), the shop's
// widgets ask for another (`engagement`): each row names both, widget first, as QA sees them.
import { el, svg } from '../dom';

export type { StrategyMetrics } from '../../src/mock/platform/events';

import type { StrategyMetrics } from '../../src/mock/platform/events';

/** `engagement → cf_viewed`, or the one name when the widget asked for what answered. */
function rowLabel(component: string, widgets: readonly string[]): string {
  const others = widgets.filter((w) => w !== component);
  return others.length ? `${others.join(', ')} → ${component}` : component;
}

/** `name` with a break opportunity (<wbr>) after each `_` and `,`: a long strategy name wraps at its parts on a phone. */
function breakable(name: string): (string | HTMLElement)[] {
  return name.split(/(?<=[_,])/).flatMap((part, i) => (i ? [el('wbr', {}), part] : [part]));
}

/** Rows of the mock's metrics, grouped by the widget strategies that showed them (`widgetsOf`). */
export function chart(rows: StrategyMetrics[], widgetsOf: (component: string) => string[] = () => []): HTMLElement {
  if (!rows.length) return el('p', { class: 'muted', 'data-chart': 'empty' }, 'No recommendation shown yet.');
  const labelled = rows
    .map((r) => ({ ...r, widgets: widgetsOf(r.strategy), label: rowLabel(r.strategy, widgetsOf(r.strategy)) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const max = Math.max(1, ...labelled.map((r) => r.shown));
  const rowHeight = 44;
  const width = 300;
  const bar = (width - 40) / max;
  const graphic = svg(
    'svg',
    {
      viewBox: `0 0 ${width} ${labelled.length * rowHeight + 4}`,
      width,
      height: labelled.length * rowHeight + 4,
      role: 'img',
      'aria-label': 'shown and clicked per strategy',
    },
    ...labelled.flatMap((r, i) => {
      const y = i * rowHeight + 2;
      return [
        svg('text', { x: 0, y: y + 10, class: 'label' }, r.label),
        svg('rect', { x: 0, y: y + 14, width: Math.max(1, r.shown * bar), height: 12, class: 'shown' }),
        svg('text', { x: r.shown * bar + 4, y: y + 24, class: 'value' }, r.shown),
        svg('rect', { x: 0, y: y + 28, width: Math.max(1, r.clicked * bar), height: 12, class: 'clicked' }),
        svg('text', { x: r.clicked * bar + 4, y: y + 38, class: 'value' }, r.clicked),
      ];
    }),
  );
  const table = el(
    'table',
    { class: 'metrics' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', {}, 'widget'),
        el('th', {}, 'strategy (mock)'),
        el('th', {}, 'shown'),
        el('th', {}, 'clicked'),
        el('th', {}, 'CTR'),
      ),
    ),
    el(
      'tbody',
      {},
      ...labelled.map((r) =>
        el(
          'tr',
          { 'data-strategy': r.strategy, 'data-widget': r.widgets.join(',') },
          el('td', { class: 'widget' }, ...breakable(r.widgets.join(', ') || '(QA panel)')),
          el('td', { class: 'strategy' }, ...breakable(r.strategy)),
          el('td', { class: 'shown' }, r.shown),
          el('td', { class: 'clicked' }, r.clicked),
          el('td', { class: 'ctr' }, `${(100 * r.clickThroughRate).toFixed(1)}%`),
        ),
      ),
    ),
  );
  return el(
    'div',
    { 'data-chart': 'metrics' },
    graphic,
    el(
      'p',
      { class: 'legend' },
      el('span', { class: 'key shown' }),
      ' shown ',
      el('span', { class: 'key clicked' }),
      ' clicked',
    ),
    table,
  );
}
