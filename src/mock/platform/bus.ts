/** Messages the areas of the platform send each other (never across the wire). */
export interface BusTopics {
  /** A tracking event accepted by the events endpoint (after dedupe). */
  event: {
    trackingId: string;
    event: { meta: Record<string, unknown> & { id: string; type: string; ts: number }; data: Record<string, unknown> };
  };
  /** A deferkv row reached its timestamp: delivered to its `route`. */
  delivery: { trackingId: string; key: string; value: string; route: string; at: number };
}

export interface Bus {
  on<K extends keyof BusTopics>(topic: K, listener: (message: BusTopics[K]) => void): () => void;
  emit<K extends keyof BusTopics>(topic: K, message: BusTopics[K]): void;
}

export function createBus(): Bus {
  const listeners = new Map<keyof BusTopics, Set<(message: never) => void>>();
  return {
    on(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(listener as (message: never) => void);
      return () => set.delete(listener as (message: never) => void);
    },
    emit(topic, message) {
      for (const listener of listeners.get(topic) ?? []) (listener as (m: typeof message) => void)(message);
    },
  };
}
