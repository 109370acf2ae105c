// Events and deliveries: the overlay's events panel (every tracking event of this page and its
// delivery, sdk-state.ts) with what only the demo has around it: Flush now and consent buttons,
// the events the tracker refused to the shop's code, and the chart of the mock's recommendation
// metrics per strategy, redrawn as the mock records each impression and click.
import { el, fill } from '../dom';
import { platform } from '../platform';
import { tracker } from '../sdk';
import { TRACKING_ID } from '../shop/catalog';
import { onRefused } from '../shop/tracking';
import { onWidgetEvent } from '../shop/widget';
import { chart, type StrategyMetrics } from './chart';
import { button, panel } from './panel';
import { sdkPanel } from './sdk-state';

/** Shown, clicked and click-through rate per strategy, as the mock computes them from the events it received. */
const strategyMetrics = (): StrategyMetrics[] => platform.inspect.events.metrics(TRACKING_ID);

/** The widget strategies (what a shop asks for) whose items named each component strategy. */
const widgetsByComponent = new Map<string, Set<string>>();
const widgetsOf = (component: string): string[] => [...(widgetsByComponent.get(component) ?? [])].sort();

/** The events the tracker refused to the shop's code (invalid data): never queued, so never in the SDK's state. */
function refusedEvents(): HTMLElement {
  const body = el('tbody', {});
  const list = el(
    'table',
    { class: 'log refused', hidden: true },
    el('caption', {}, 'Refused by the tracker (never queued)'),
    el('thead', {}, el('tr', {}, el('th', {}, 'type'), el('th', {}, 'why'))),
    body,
  );
  onRefused((type, error) => {
    list.hidden = false;
    body.append(
      el(
        'tr',
        { 'data-type': type, 'data-state': 'refused' },
        el('td', {}, type),
        el('td', { class: 'state' }, (error as Error).message ?? String(error)),
      ),
    );
  });
  return list;
}

/** Flush now (sends at once, even while a retry waits for its backoff; says how it went) and the consent buttons. */
function trackerControls(): Node[] {
  const t = tracker();
  if (!t) return [el('p', { class: 'warning' }, 'window.svc.tracker is not in this build of svc.min.js.')];
  const flushed = el('p', { class: 'muted', 'data-output': 'flush', 'aria-live': 'polite' });
  const flushNow = async () => {
    flushed.textContent = 'Flushing…';
    await t.flush();
    flushed.textContent = t.queued
      ? `Flushed: ${t.queued} event(s) still queued (the attempt failed; the backoff retries).`
      : 'Flushed: nothing left in the queue.';
  };
  return [
    el(
      'div',
      { class: 'buttons' },
      button('Flush now', flushNow, { 'data-action': 'flush' }),
      button('Consent: granted', () => t.consent('granted')),
      button('Consent: denied', () => t.consent('denied')),
    ),
    flushed,
  ];
}

/** The event types the mock's metrics count: a redraw follows each one the mock accepts for this property. */
const METRIC_EVENTS = new Set(['recommendationShown', 'recommendationClicked']);

/**
 * Draws the chart into `metrics` now, then again after each impression or click the mock records for this
 * property (its bus's `event`), at most once per animation frame.
 */
function liveChart(metrics: HTMLElement): void {
  let queued = false;
  const draw = () => {
    queued = false;
    fill(metrics, chart(strategyMetrics(), widgetsOf));
  };
  platform.on('event', ({ trackingId, event }) => {
    if (trackingId !== TRACKING_ID || !METRIC_EVENTS.has(event.meta.type) || queued) return;
    queued = true;
    requestAnimationFrame(draw);
  });
  draw();
}

export function eventsPanel(): HTMLElement {
  onWidgetEvent(({ strategy, item }) => {
    const widgets =
      widgetsByComponent.get(item.strategy) ?? widgetsByComponent.set(item.strategy, new Set()).get(item.strategy)!;
    widgets.add(strategy);
  });
  const metrics = el('div', { class: 'chart' });
  liveChart(metrics);
  return panel(
    'events',
    'Events and deliveries',
    ...trackerControls(),
    sdkPanel('events'),
    refusedEvents(),
    el(
      'h4',
      {},
      'Shown, clicked and click-through rate per strategy (mock metrics, live; widget → the strategy that answered)',
    ),
    metrics,
  );
}
