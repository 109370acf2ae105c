// The live event log (every tracking event of this page and its delivery state, read from the
// tracker and from the batches that crossed the worker) and the chart of the mock's
// recommendation metrics per strategy.
import { el, fill } from '../dom';
import { mock, platform } from '../platform';
import { type TrackedEvent, tracker } from '../sdk';
import { TRACKING_ID } from '../shop/catalog';
import { onRefused } from '../shop/tracking';
import { onWidgetEvent } from '../shop/widget';
import { chart, type StrategyMetrics } from './chart';
import { button, panel } from './panel';

/** Where an event is on its way to the platform. */
type Delivery = 'queued' | 'sending' | 'delivered' | 'retrying' | 'dropped' | 'refused' | 'withheld';

interface Row {
  id: string;
  type: string;
  seq: unknown;
  summary: string;
  state: Delivery;
  attempts: number;
  detail: string;
}

const rows = new Map<string, Row>();

function summarize(data: Record<string, unknown>): string {
  const product = data.product as { productId?: unknown; name?: unknown } | undefined;
  if (product) return `${String(data.eventType ?? data.action ?? '')} ${String(product.productId)}`.trim();
  if (typeof data.strategy === 'string')
    return `${data.strategy} ${String(data.id)}${data.position !== undefined ? ` #${String(data.position)}` : ''}`;
  if (typeof data.type === 'string') return `${data.type} ${String(data.language)}-${String(data.currency)}`;
  const transaction = data.transaction as { id?: unknown } | undefined;
  return transaction ? `order ${String(transaction.id)}` : '';
}

/** Marks the events of a batch request with the batch's fate. */
function trackBatches(render: () => void): void {
  mock.onExchange((x) => {
    if (x.api !== 'events') return;
    let ids: string[] = [];
    try {
      const body = JSON.parse(x.requestBody) as { events?: { meta?: { id?: unknown } }[] };
      ids = (body.events ?? []).map((e) => e.meta?.id).filter((id): id is string => typeof id === 'string');
    } catch {
      return;
    }
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.state === 'delivered') continue;
      if (!x.done) {
        row.state = 'sending';
        row.attempts += 1;
      } else if (x.status === 200) {
        row.state = 'delivered';
        row.detail = `HTTP 200 after ${row.attempts} attempt(s)`;
      } else {
        // PROTOCOL.md: 400 and 413 are not retried; 429, 5xx and network failures are. A 400 for
        // several events is split by the tracker (smaller batches follow): only one alone is dropped.
        const final = x.status === 413 || (x.status === 400 && ids.length === 1);
        row.state = final ? 'dropped' : 'retrying';
        row.detail = x.status === 0 ? 'network failure' : `HTTP ${x.status}`;
      }
    }
    render();
  });
}

/** Shown, clicked and click-through rate per strategy, as the mock computes them from the events it received. */
const strategyMetrics = (): StrategyMetrics[] => platform.inspect.events.metrics(TRACKING_ID);

/** The widget strategies (what a shop asks for) whose items named each component strategy. */
const widgetsByComponent = new Map<string, Set<string>>();
const widgetsOf = (component: string): string[] => [...(widgetsByComponent.get(component) ?? [])].sort();

export function eventsPanel(): HTMLElement {
  onWidgetEvent(({ strategy, item }) => {
    const widgets =
      widgetsByComponent.get(item.strategy) ?? widgetsByComponent.set(item.strategy, new Set()).get(item.strategy)!;
    widgets.add(strategy);
  });
  const log = el('tbody', {});
  const metrics = el('div', { class: 'chart' });
  const counts = el('p', { class: 'muted', 'data-output': 'event-counts' });
  const types = [
    'ecView',
    'ecUser',
    'ecProduct',
    'ecBasketItemAction',
    'ecBasketItemTransaction',
    'ecBasketTransactionSummary',
    'recommendationShown',
    'recommendationClicked',
  ];
  const filter = el(
    'select',
    { name: 'type' },
    el('option', { value: '' }, 'every type'),
    ...types.map((t) => el('option', { value: t }, t)),
  );
  filter.addEventListener('change', () => render());
  let queued = false;
  const render = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const list = [...rows.values()]
        .filter((r) => !filter.value || r.type === filter.value)
        .slice(-60)
        .reverse();
      fill(
        log,
        ...list.map((r) =>
          el(
            'tr',
            { 'data-type': r.type, 'data-state': r.state, 'data-id': r.id },
            el('td', {}, String(r.seq ?? '')),
            el('td', {}, r.type),
            el('td', {}, r.summary),
            el(
              'td',
              { class: 'state', title: r.detail },
              r.state === 'delivered' || !r.detail ? r.state : `${r.state} (${r.detail})`,
            ),
          ),
        ),
      );
      const all = [...rows.values()];
      const t = tracker();
      counts.textContent = `${all.length} event(s) on this page: ${all.filter((r) => r.state === 'delivered').length} delivered, ${all.filter((r) => r.state === 'queued' || r.state === 'sending' || r.state === 'retrying').length} pending.${t ? ` Tracker: consent ${t.consentState}, ${t.queued} queued, dropped ${t.dropped.overflow} (overflow) + ${t.dropped.rejected} (rejected) + ${t.dropped.invalid} (invalid in storage).` : ''}`;
      fill(metrics, chart(strategyMetrics(), widgetsOf));
    });
  };

  const t = tracker();
  if (t) {
    t.on(/.*/, (event: TrackedEvent) => {
      const id = typeof event.meta.id === 'string' ? event.meta.id : `local-${rows.size}`;
      // With consent denied the tracker tells its listeners but sends nothing.
      const withheld = t.consentState === 'denied';
      if (!rows.has(id))
        rows.set(id, {
          id,
          type: String(event.meta.type),
          seq: event.meta.seq,
          summary: summarize(event.data),
          state: withheld ? 'withheld' : 'queued',
          attempts: 0,
          detail: withheld ? 'consent denied' : '',
        });
      render();
    });
  }
  onRefused((type, error) => {
    const id = `refused-${rows.size}`;
    rows.set(id, {
      id,
      type,
      seq: '',
      summary: '',
      state: 'refused',
      attempts: 0,
      detail: (error as Error).message ?? String(error),
    });
    render();
  });
  trackBatches(render);
  render();

  // Flush now sends at once, even while a retry waits for its backoff; it says how it went.
  const flushed = el('p', { class: 'muted', 'data-output': 'flush', 'aria-live': 'polite' });
  const flushNow = async () => {
    if (!t) return;
    flushed.textContent = 'Flushing…';
    await t.flush();
    flushed.textContent = t.queued
      ? `Flushed: ${t.queued} event(s) still queued (the attempt failed; the backoff retries).`
      : 'Flushed: nothing left in the queue.';
    render();
  };

  return panel(
    'events',
    'Events and metrics',
    t
      ? el(
          'div',
          { class: 'buttons' },
          button('Flush now', flushNow, { 'data-action': 'flush' }),
          button('Consent: granted', () => {
            t.consent('granted');
            render();
          }),
          button('Consent: denied', () => {
            t.consent('denied');
            render();
          }),
        )
      : el('p', { class: 'warning' }, 'window.svc.tracker is not in this build of svc.min.js.'),
    flushed,
    el(
      'h4',
      {},
      'Shown, clicked and click-through rate per strategy (mock metrics; widget → the strategy that answered)',
    ),
    metrics,
    button('Refresh chart', render),
    el('h4', {}, 'Event log (this page, newest first)'),
    counts,
    el('label', {}, 'Show ', filter),
    el(
      'div',
      { class: 'log-scroll', tabindex: 0, role: 'region', 'aria-label': 'Event log' },
      el(
        'table',
        { class: 'log' },
        el(
          'thead',
          {},
          el('tr', {}, el('th', {}, 'seq'), el('th', {}, 'type'), el('th', {}, 'what'), el('th', {}, 'delivery')),
        ),
        log,
      ),
    ),
  );
}
