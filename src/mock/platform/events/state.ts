// The events area's state: per tracking id, the events held (each meta.id once) and the counters.
import type { PlatformContext } from '../context';
import type { EventStats, ReceivedEvent } from './types';

export interface EventsState {
  ctx: PlatformContext;
  /** Per tracking id: events by `meta.id`, in arrival order. */
  held: Map<string, Map<string, ReceivedEvent>>;
  stats: Map<string, EventStats>;
}

export function createEventsState(ctx: PlatformContext): EventsState {
  return { ctx, held: new Map(), stats: new Map() };
}

/** Counters at zero. */
export const zero = (): EventStats => ({ requests: 0, accepted: 0, duplicates: 0, rejected: 0 });

/** The counters of a tracking id, created at zero on first use. */
export function statsOf(state: EventsState, trackingId: string): EventStats {
  return state.stats.get(trackingId) ?? state.stats.set(trackingId, zero()).get(trackingId)!;
}
