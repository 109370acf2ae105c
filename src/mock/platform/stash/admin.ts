// The stash's server side: credentials and protected writes (admin), and what tests and the demo
// read back (inspect).

import type { StashService } from './routes';
import type { StashState } from './state';
import type { StashDelivery, StashLevel } from './types';

/** The property a credential writes for; throws for an unknown one. */
function credentialFor(state: StashState, credential: string): string {
  const trackingId = state.credentials.get(credential);
  if (!trackingId) throw new Error('stash admin: unknown credential');
  return trackingId;
}

export function createStashAdmin(state: StashState, service: StashService) {
  return {
    /**
     * Creates a server credential for a property: what a customer's server holds to write the
     * `protected` level (also accepted on the wire as `Authorization: Bearer <credential>`).
     * `credential` restores a known one (a snapshot replays it); default: a new random one.
     */
    createCredential(trackingId: string, credential = `svc_sk_${crypto.randomUUID().replace(/-/g, '')}`): string {
      state.credentials.set(credential, trackingId);
      return credential;
    },
    /** Revokes a credential; later writes with it are refused. */
    revokeCredential(credential: string): void {
      state.credentials.delete(credential);
    },
    /**
     * Writes a value (server side) with a credential, to `protected` by default. Throws on an
     * unknown credential or an invalid key or value, with the platform's message.
     */
    set(credential: string, fullKey: string, value: string, level: StashLevel = 'protected'): void {
      const reply = service.kvSet({
        trackingId: credentialFor(state, credential),
        level,
        key: fullKey,
        body: { data: value },
        credential,
      });
      if (reply.status !== 200) throw new Error(`stash admin: ${reply.message}`);
    },
    /** Removes a value (server side) with a credential; true when it existed. */
    remove(credential: string, fullKey: string, level: StashLevel = 'protected'): boolean {
      return state.stores.get(credentialFor(state, credential))?.kv[level].delete(fullKey) ?? false;
    },
  };
}

/** A null-prototype record of `map`'s entries, each value through `f`. */
function recordOf<V, R>(map: Map<string, V> | undefined, f: (value: V) => R): Record<string, R> {
  return Object.assign(
    Object.create(null) as Record<string, R>,
    Object.fromEntries([...(map ?? [])].map(([key, value]) => [key, f(value)])),
  );
}

export function inspectStash(state: StashState) {
  const same = <V>(value: V) => value;
  return {
    /** deferkv rows delivered so far, in delivery order. */
    deliveries: (): StashDelivery[] => state.deliveries.map((d) => ({ ...d })),
    /**
     * A copy of what a property holds, per storage (null-prototype records; deferkv rows keyed `<fullKey>
     * <timestamp>`).
     */
    snapshot(trackingId: string) {
      const store = state.stores.get(trackingId);
      return {
        public: recordOf(store?.kv.public, same),
        protected: recordOf(store?.kv.protected, same),
        deferred: recordOf(store?.deferred, ({ value, route }) => ({ value, route })),
        times: recordOf(store?.times, same),
        counters: recordOf(store?.counters, same),
      };
    },
  };
}
