import { SEGMENT } from '@svc/core';
import type { PlatformContext } from '../context';
import {
  batchProblem,
  counterKeyProblem,
  fullKeyProblem,
  isTimestamp,
  TIMESTAMP_PROBLEM,
  utcDate,
  valueProblem,
} from './rules';

export { STASH_LIMITS } from './rules';

/** Storage levels: `public` (clients read and write), `protected` (clients read; servers write with a credential). */
export type StashLevel = 'public' | 'protected';

/** One stash request as the handlers parse it from the wire. */
export interface StashRequest {
  /** `{tid}` of the path. */
  trackingId: string;
  /** `{level}` of the path. */
  level: string;
  /** `{fullKey}` (or `{counterKey}`) of the path, percent-decoded; absent for getbatch. */
  key?: string;
  /** The JSON body, `undefined` when absent or malformed. */
  body?: unknown;
  /** deferkv get's `timestamp` query parameter. */
  timestamp?: string | null;
  /** A server credential (`Authorization: Bearer <credential>`), the only way to write `protected`. */
  credential?: string;
}

/** The body of every stash answer (always HTTP 200); status 404 is exactly `{status: 404}`. */
export interface StashReply {
  status: 200 | 400 | 404;
  data?: unknown;
  message?: string;
}

/** A deferkv row that reached its timestamp, delivered to the integration named by `route`. */
export interface StashDelivery {
  trackingId: string;
  key: string;
  value: string;
  route: string;
  /** Platform time of the delivery, epoch ms (the row's timestamp × 1000). */
  at: number;
}

interface DeferredRow {
  value: string;
  route: string;
  cancel: () => void;
}

interface Store {
  kv: Record<StashLevel, Map<string, string>>;
  /** deferkv rows keyed by `<fullKey> <timestamp>`. */
  deferred: Map<string, DeferredRow>;
  /** ts keys: unix seconds. */
  times: Map<string, number>;
  /** Counter keys `<fullKey>:<YYYY-MM-DD>`: counts. */
  counters: Map<string, number>;
}

type Op = {
  /** Levels the route accepts in `{level}`. */
  levels: readonly StashLevel[];
  /** What `{fullKey}` must be: a full key, a counter key, or absent (getbatch). */
  key: 'full' | 'counter' | null;
  run(store: Store, r: StashRequest & { key: string }, trackingId: string): StashReply;
};

const ok = (data?: unknown): StashReply => (data === undefined ? { status: 200 } : { status: 200, data });
const bad = (message: string): StashReply => ({ status: 400, message });
/** Nothing there: exactly `{"status":404}`, as PROTOCOL.md writes it (no message). */
const notFound = (): StashReply => ({ status: 404 });
const body = (r: StashRequest) =>
  typeof r.body === 'object' && r.body !== null && !Array.isArray(r.body) ? (r.body as Record<string, unknown>) : {};
const BOTH = ['public', 'protected'] as const;
const PUBLIC = ['public'] as const;

/**
 * The stash area of the mock platform. `service` is what the MSW handlers call (one function per
 * route of PROTOCOL.md's Stash block), `admin` the server-side operations (credentials, protected
 * writes), `inspect` what tests and the demo read back (stored rows, deliveries).
 */
export function createStashArea(ctx: PlatformContext) {
  const stores = new Map<string, Store>();
  const credentials = new Map<string, string>(); // credential -> trackingId
  const deliveries: StashDelivery[] = [];
  const store = (trackingId: string): Store => {
    let s = stores.get(trackingId);
    if (!s) {
      s = {
        kv: { public: new Map(), protected: new Map() },
        deferred: new Map(),
        times: new Map(),
        counters: new Map(),
      };
      stores.set(trackingId, s);
    }
    return s;
  };
  const seconds = () => Math.floor(ctx.clock.now() / 1000);

  const getbatch =
    (
      map: (s: Store, level: string) => Map<string, unknown>,
      problem: (key: unknown) => string | undefined,
    ): Op['run'] =>
    (s, r) => {
      const keys = body(r).keys;
      const why = batchProblem(keys, problem);
      if (why) return bad(why);
      const data: Record<string, string> = Object.create(null);
      for (const key of keys as string[]) {
        const value = map(s, r.level).get(key);
        if (value !== undefined) data[key] = String(value);
      }
      return Object.keys(data).length ? ok(data) : notFound();
    };

  const count =
    (delta: 1 | -1): Op['run'] =>
    (s, r) => {
      const dimension = body(r).dimension;
      if (dimension !== 'date')
        return bad(`dimension ${JSON.stringify(dimension ?? null)} is invalid: only "date" is accepted`);
      const date = utcDate(ctx.clock.now());
      const counterKey = `${r.key}:${date}`;
      s.counters.set(counterKey, (s.counters.get(counterKey) ?? 0) + delta);
      return ok({ [counterKey]: date });
    };

  // One row per route of PROTOCOL.md's Stash block.
  const ops = {
    kvSet: {
      levels: BOTH,
      key: 'full',
      run(s, r, trackingId) {
        const data = body(r).data;
        const why = valueProblem(data);
        if (why) return bad(why);
        if (r.level === 'protected' && credentials.get(r.credential ?? '') !== trackingId) {
          return bad('level protected is read-only from clients: write it with a server credential');
        }
        s.kv[r.level as StashLevel].set(r.key, data as string);
        return ok();
      },
    },
    kvGet: {
      levels: BOTH,
      key: 'full',
      run: (s, r) => {
        const value = s.kv[r.level as StashLevel].get(r.key);
        return value === undefined ? notFound() : ok(value);
      },
    },
    kvGetBatch: { levels: BOTH, key: null, run: getbatch((s, level) => s.kv[level as StashLevel], fullKeyProblem) },
    deferSet: {
      levels: PUBLIC,
      key: 'full',
      run(s, r, trackingId) {
        const { data, timestamp, route } = body(r);
        const why =
          valueProblem(data) ??
          (isTimestamp(timestamp) ? undefined : TIMESTAMP_PROBLEM) ??
          (typeof route === 'string' && SEGMENT.test(route) ? undefined : 'route must name an integration');
        if (why) return bad(why);
        const id = `${r.key} ${timestamp}`;
        s.deferred.get(id)?.cancel();
        const row: DeferredRow = {
          value: data as string,
          route: route as string,
          cancel: ctx.clock.at((timestamp as number) * 1000, () => {
            if (s.deferred.get(id) !== row) return;
            s.deferred.delete(id);
            const delivery = { trackingId, key: r.key, value: row.value, route: row.route, at: ctx.clock.now() };
            deliveries.push(delivery);
            ctx.bus.emit('delivery', { ...delivery });
          }),
        };
        s.deferred.set(id, row);
        ctx.clock.tick(); // a timestamp already reached is delivered now, not at the next request
        return ok();
      },
    },
    deferGet: {
      levels: PUBLIC,
      key: 'full',
      run(s, r) {
        const timestamp = /^\d+$/.test(r.timestamp ?? '') ? Number(r.timestamp) : NaN;
        if (!isTimestamp(timestamp)) return bad(TIMESTAMP_PROBLEM);
        const row = s.deferred.get(`${r.key} ${timestamp}`);
        return row ? ok({ value: row.value, route: row.route }) : notFound();
      },
    },
    deferRemove: {
      levels: PUBLIC,
      key: 'full',
      run(s, r) {
        const timestamp = body(r).timestamp;
        if (!isTimestamp(timestamp)) return bad(TIMESTAMP_PROBLEM);
        const id = `${r.key} ${timestamp}`;
        const row = s.deferred.get(id);
        if (!row) return notFound();
        row.cancel();
        s.deferred.delete(id);
        return ok();
      },
    },
    tsSet: {
      levels: PUBLIC,
      key: 'full',
      run(s, r) {
        const now = seconds();
        s.times.set(r.key, now);
        return ok(String(now));
      },
    },
    tsGet: {
      levels: PUBLIC,
      key: 'full',
      run: (s, r) => {
        const t = s.times.get(r.key);
        return t === undefined ? notFound() : ok(String(t));
      },
    },
    countIncr: { levels: PUBLIC, key: 'full', run: count(1) },
    countDecr: { levels: PUBLIC, key: 'full', run: count(-1) },
    countGet: {
      levels: PUBLIC,
      key: 'counter',
      run: (s, r) => {
        const n = s.counters.get(r.key);
        return n === undefined ? notFound() : ok(String(n));
      },
    },
    countGetBatch: { levels: PUBLIC, key: null, run: getbatch((s) => s.counters, counterKeyProblem) },
  } satisfies Record<string, Op>;

  /** Validates what every route shares (tracking id, level, key), then runs the route. */
  const serve =
    (op: Op) =>
    (r: StashRequest): StashReply => {
      if (!SEGMENT.test(r.trackingId) || r.trackingId === '.' || r.trackingId === '..')
        return bad(`tracking id ${JSON.stringify(r.trackingId)} is invalid`);
      if (!(op.levels as readonly string[]).includes(r.level))
        return bad(`level ${JSON.stringify(r.level)} is invalid: expected ${op.levels.join(' or ')}`);
      const why =
        op.key === 'full' ? fullKeyProblem(r.key) : op.key === 'counter' ? counterKeyProblem(r.key) : undefined;
      if (why) return bad(why);
      return op.run(store(r.trackingId), { ...r, key: r.key ?? '' }, r.trackingId);
    };

  const service = Object.fromEntries(Object.entries(ops).map(([name, op]) => [name, serve(op)])) as Record<
    keyof typeof ops,
    (r: StashRequest) => StashReply
  >;

  const credentialFor = (credential: string): string => {
    const trackingId = credentials.get(credential);
    if (!trackingId) throw new Error('stash admin: unknown credential');
    return trackingId;
  };

  return {
    service,
    admin: {
      /**
       * Creates a server credential for a property: what a customer's server holds to write the
       * `protected` level (also accepted on the wire as `Authorization: Bearer <credential>`).
       * `credential` restores a known one (a snapshot replays it); default: a new random one.
       */
      createCredential(trackingId: string, credential = `svc_sk_${crypto.randomUUID().replace(/-/g, '')}`): string {
        credentials.set(credential, trackingId);
        return credential;
      },
      /** Revokes a credential; later writes with it are refused. */
      revokeCredential(credential: string): void {
        credentials.delete(credential);
      },
      /**
       * Writes a value (server side) with a credential, to `protected` by default. Throws on an
       * unknown credential or an invalid key or value, with the platform's message.
       */
      set(credential: string, fullKey: string, value: string, level: StashLevel = 'protected'): void {
        const reply = service.kvSet({
          trackingId: credentialFor(credential),
          level,
          key: fullKey,
          body: { data: value },
          credential,
        });
        if (reply.status !== 200) throw new Error(`stash admin: ${reply.message}`);
      },
      /** Removes a value (server side) with a credential; true when it existed. */
      remove(credential: string, fullKey: string, level: StashLevel = 'protected'): boolean {
        return stores.get(credentialFor(credential))?.kv[level].delete(fullKey) ?? false;
      },
    },
    inspect: {
      /** deferkv rows delivered so far, in delivery order. */
      deliveries: (): StashDelivery[] => deliveries.map((d) => ({ ...d })),
      /** A copy of what a property holds, per storage (null-prototype records; deferkv rows keyed `<fullKey> <timestamp>`). */
      snapshot(trackingId: string) {
        const s = stores.get(trackingId);
        const copy = <V, R>(map: Map<string, V> | undefined, f: (v: V) => R): Record<string, R> =>
          Object.assign(
            Object.create(null) as Record<string, R>,
            Object.fromEntries([...(map ?? [])].map(([k, v]) => [k, f(v)])),
          );
        const same = <V>(v: V) => v;
        return {
          public: copy(s?.kv.public, same),
          protected: copy(s?.kv.protected, same),
          deferred: copy(s?.deferred, ({ value, route }) => ({ value, route })),
          times: copy(s?.times, same),
          counters: copy(s?.counters, same),
        };
      },
    },
  };
}
