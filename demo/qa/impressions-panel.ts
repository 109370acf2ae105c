// Impressions: per recommended item of the storefront's widgets, what `observe()` saw: rendered
// (and whether it is still on the page), viewable now (50% in view, the page visible: the second
// is counting), shown (the viewable impression went out), clicked (how often). From the
// `svc-impression` events the SDK dispatches on each observed element.

import type { ImpressionDetail, Recommendation } from '../../src/recommendations';
import { el, fill } from '../dom';
import { button, panel } from './panel';

interface Row {
  element: Element;
  strategy: string;
  item: Recommendation;
  position: number;
  viewable: 'no' | 'counting' | 'counted';
  shown: boolean;
  clicked: number;
}

export function impressionsPanel(): HTMLElement {
  /** One row per observed element, newest render first. */
  let rows: Row[] = [];
  const body = el('tbody', {});
  let drawing = false;
  const draw = () => {
    drawing = false;
    fill(
      body,
      ...rows.map((r) =>
        el(
          'tr',
          {
            'data-id': r.item.id,
            'data-strategy': r.strategy,
            'data-viewable': r.viewable,
            'data-shown': String(r.shown),
            'data-clicked': r.clicked,
          },
          el('td', {}, r.strategy),
          el('td', {}, `${r.position}. ${r.item.id}`),
          el('td', { class: 'rendered' }, r.element.isConnected ? 'on page' : 'removed'),
          el(
            'td',
            { class: 'viewable' },
            r.viewable === 'counting' ? 'in view, counting' : r.viewable === 'counted' ? '1 s in view' : 'no',
          ),
          el('td', { class: 'shown' }, r.shown ? 'sent' : '—'),
          el('td', { class: 'clicked' }, r.clicked),
        ),
      ),
    );
  };
  document.addEventListener('svc-impression', (event) => {
    const { state, item, position } = (event as CustomEvent<ImpressionDetail>).detail;
    const element = event.target as Element;
    let row = rows.find((r) => r.element === element && r.item === item);
    if (state === 'observed' || !row) {
      row = {
        element,
        strategy: element.closest<HTMLElement>('section.recs')?.dataset.strategy ?? '',
        item: item as Recommendation,
        position,
        viewable: 'no',
        shown: false,
        clicked: 0,
      };
      rows = [row, ...rows.filter((r) => r.element.isConnected)].slice(0, 60);
    }
    if (state === 'viewable') row.viewable = 'counting';
    if (state === 'not-viewable') row.viewable = 'no';
    if (state === 'shown') Object.assign(row, { viewable: 'counted', shown: true });
    if (state === 'clicked') row.clicked++;
    if (!drawing) requestAnimationFrame(draw);
    drawing = true;
  });
  return panel(
    'impressions',
    'Impressions',
    el(
      'p',
      { class: 'muted' },
      'shown goes out after 1 continuous second with half of the item in view and the tab visible; clicked on click, middle click or Enter.',
    ),
    el('div', { class: 'buttons' }, button('Refresh', draw)),
    el(
      'table',
      { class: 'impressions' },
      el(
        'thead',
        {},
        el('tr', {}, ...['Widget', 'Item', 'Rendered', 'Viewable', 'Shown', 'Clicked'].map((h) => el('th', {}, h))),
      ),
      body,
    ),
  );
}
