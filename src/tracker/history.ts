// The page's history of events for `on()`: new subscribers hear the earlier events first. Bounded,
// so a long-lived single-page shop does not grow it for ever.
import { checkFields, type Fields } from '@svc/core';
import type { TrackingEvent } from './types';

/** A handler of `tracker.on`: called with each event of the type it listens to. */
export type EventHandler = (event: TrackingEvent) => void;

/** Events of the page's history that `on()` replays at most (besides the last of each type). */
const HISTORY = 100;

/** `on()`'s arguments: the type is a name or a pattern, the handler a function. */
const ON_ARGUMENTS: Fields = [
  ['type', (type) => typeof type === 'string' || type instanceof RegExp, 'must be a string or a RegExp'],
  ['handler', (handler) => typeof handler === 'function', 'must be a function'],
];

/** The events `on()` replays, and the subscriptions it tells of new ones. */
export interface History {
  /** Records `event` and calls the handlers listening to its type. */
  publish(event: TrackingEvent): void;
  /** Calls `handler` for the earlier events of `type`, then for new ones; returns an unsubscribe. */
  subscribe(type: string | RegExp, handler: EventHandler): () => void;
}

/** The history of one page: the last `limit` events, and the last event of each type however old. */
export function createHistory(limit = HISTORY): History {
  const recent: TrackingEvent[] = [];
  const latest = new Map<string, TrackingEvent>();
  const listeners = new Set<EventHandler>();

  /**
   * A listener that calls `handler` for the events of `type`; a throwing handler never breaks `emit` (its error is
   * reported asynchronously).
   */
  const listenerFor = (type: string | RegExp, handler: EventHandler): EventHandler => {
    const matches = (event: TrackingEvent) =>
      type instanceof RegExp ? event.meta.type.search(type) !== -1 : type === event.meta.type;
    return (event) => {
      try {
        if (matches(event)) handler(event);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    };
  };

  return {
    publish(event) {
      recent.push(event);
      if (recent.length > limit) recent.shift();
      latest.set(event.meta.type, event);
      for (const listener of listeners) listener(event);
    },
    subscribe(type, handler) {
      checkFields({ type, handler }, '', ON_ARGUMENTS);
      const listener = listenerFor(type, handler);
      // The history as it is now, oldest first: the recent events and the last of each type, once each.
      const earlier = [...new Set([...latest.values(), ...recent])].sort((a, b) => a.meta.seq - b.meta.seq);
      for (const event of earlier) listener(event);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
