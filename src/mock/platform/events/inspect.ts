// What tests and the demo read back from the events area: events, counters, metrics per strategy.

import { type EventsState, zero } from './state';
import type { EventStats, ReceivedEvent, StrategyMetrics } from './types';

/** Events received for `trackingId`, each `meta.id` once, in order of first arrival. */
export const receivedOf = (state: EventsState, trackingId: string): ReceivedEvent[] => [
  ...(state.held.get(trackingId)?.values() ?? []),
];

/** Counters of `trackingId`, or summed over every tracking id. */
export function statsSum(state: EventsState, trackingId?: string): EventStats {
  const rows = trackingId === undefined ? [...state.stats.values()] : [state.stats.get(trackingId) ?? zero()];
  const sum = zero();
  for (const row of rows) for (const key of Object.keys(sum) as (keyof EventStats)[]) sum[key] += row[key];
  return sum;
}

/** Shown, clicked and click-through rate per strategy (`data.strategy`), sorted by strategy. */
export function strategyMetrics(state: EventsState, trackingId: string): StrategyMetrics[] {
  const by = new Map<string, StrategyMetrics>();
  for (const { meta, data } of receivedOf(state, trackingId)) {
    const field =
      meta.type === 'recommendationShown' ? 'shown' : meta.type === 'recommendationClicked' ? 'clicked' : undefined;
    if (!field) continue;
    const strategy = String(data.strategy);
    const row =
      by.get(strategy) ?? by.set(strategy, { strategy, shown: 0, clicked: 0, clickThroughRate: 0 }).get(strategy)!;
    row[field]++;
  }
  const rows = [...by.values()].sort((a, b) => (a.strategy < b.strategy ? -1 : a.strategy > b.strategy ? 1 : 0));
  for (const row of rows) row.clickThroughRate = row.shown ? row.clicked / row.shown : 0;
  return rows;
}
