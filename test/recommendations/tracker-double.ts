import type { PageTracker } from '../../src/core/tracker-slot';

type Event = { meta: Record<string, unknown>; data: Record<string, unknown> };

/**
 * A page tracker as the slot contract (src/core/tracker-slot.ts) describes it: records what is
 * emitted and replays earlier events of a type to a new handler. Stands in for @svc/tracker,
 * whose delivery is tested in its own area; here only what the recommendations client hands it matters.
 */
export function pageTrackerWith(events: Event[] = [], visitorId = 'tracker-visitor'): PageTracker & { emitted: [string, Record<string, unknown>][] } {
  const emitted: [string, Record<string, unknown>][] = [];
  const handlers = new Set<{ type: string | RegExp; handler: (e: Event) => void }>();
  const matches = (type: string | RegExp, name: unknown) => (typeof type === 'string' ? type === name : type.test(String(name)));
  return {
    visitorId,
    emitted,
    emit(type, data) {
      emitted.push([type, data]);
      const event = { meta: { type }, data };
      events.push(event);
      for (const h of handlers) if (matches(h.type, type)) h.handler(event);
      return event;
    },
    on(type, handler) {
      for (const event of events) if (matches(type, event.meta.type)) handler(event);
      const entry = { type, handler };
      handlers.add(entry);
      return () => handlers.delete(entry);
    },
  };
}

/** An `ecView` event as the tracker records it. */
export const ecView = (language: unknown, currency: unknown): Event => ({
  meta: { type: 'ecView' },
  data: { type: 'home', language, country: 'GB', currency },
});
