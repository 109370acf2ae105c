// The stash area's state: one store per property, the server credentials, the deferkv deliveries.
import type { PlatformContext } from '../context';
import type { StashDelivery, StashLevel } from './types';

export interface DeferredRow {
  value: string;
  route: string;
  cancel: () => void;
}

/** What one property holds. */
export interface Store {
  kv: Record<StashLevel, Map<string, string>>;
  /** deferkv rows keyed by `<fullKey> <timestamp>`. */
  deferred: Map<string, DeferredRow>;
  /** ts keys: unix seconds. */
  times: Map<string, number>;
  /** Counter keys `<fullKey>:<YYYY-MM-DD>`: counts. */
  counters: Map<string, number>;
}

/** The whole area's state, shared by its routes, admin and inspect. */
export interface StashState {
  ctx: PlatformContext;
  stores: Map<string, Store>;
  /** credential -> trackingId */
  credentials: Map<string, string>;
  deliveries: StashDelivery[];
}

export function createStashState(ctx: PlatformContext): StashState {
  return { ctx, stores: new Map(), credentials: new Map(), deliveries: [] };
}

/** The store of a property, created empty on first use. */
export function storeOf(state: StashState, trackingId: string): Store {
  let store = state.stores.get(trackingId);
  if (!store) {
    store = {
      kv: { public: new Map(), protected: new Map() },
      deferred: new Map(),
      times: new Map(),
      counters: new Map(),
    };
    state.stores.set(trackingId, store);
  }
  return store;
}
