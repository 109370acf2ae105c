// The routes of PROTOCOL.md's Stash block: what every route checks (tracking id, level, key), then
// one row per route.
import { SEGMENT } from '@svc/core/internal';
import {
  batchProblem,
  counterKeyProblem,
  fullKeyProblem,
  isTimestamp,
  TIMESTAMP_PROBLEM,
  utcDate,
  valueProblem,
} from './rules';
import { type DeferredRow, type StashState, type Store, storeOf } from './state';
import type { StashLevel, StashReply, StashRequest } from './types';

type Op = {
  /** Levels the route accepts in `{level}`. */
  levels: readonly StashLevel[];
  /** What `{fullKey}` must be: a full key, a counter key, or absent (getbatch). */
  key: 'full' | 'counter' | null;
  run(state: StashState, store: Store, r: StashRequest & { key: string }, trackingId: string): StashReply;
};

const ok = (data?: unknown): StashReply => (data === undefined ? { status: 200 } : { status: 200, data });
const bad = (message: string): StashReply => ({ status: 400, message });
/** Nothing there: exactly `{"status":404}`, as PROTOCOL.md writes it (no message). */
const notFound = (): StashReply => ({ status: 404 });
const body = (r: StashRequest) =>
  typeof r.body === 'object' && r.body !== null && !Array.isArray(r.body) ? (r.body as Record<string, unknown>) : {};
const BOTH = ['public', 'protected'] as const;
const PUBLIC = ['public'] as const;

/** getbatch of `map`'s keys (each checked by `problem`): the values there, 404 when none is. */
const getbatch =
  (map: (s: Store, level: string) => Map<string, unknown>, problem: (key: unknown) => string | undefined): Op['run'] =>
  (_state, s, r) => {
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

/** Adds `delta` to today's (UTC) counter of the key. */
const count =
  (delta: 1 | -1): Op['run'] =>
  (state, s, r) => {
    const dimension = body(r).dimension;
    if (dimension !== 'date')
      return bad(`dimension ${JSON.stringify(dimension ?? null)} is invalid: only "date" is accepted`);
    const date = utcDate(state.ctx.clock.now());
    const counterKey = `${r.key}:${date}`;
    s.counters.set(counterKey, (s.counters.get(counterKey) ?? 0) + delta);
    return ok({ [counterKey]: date });
  };

/** The routes of PROTOCOL.md's Stash block, by name. */
export type StashRoute =
  | 'kvSet'
  | 'kvGet'
  | 'kvGetBatch'
  | 'deferSet'
  | 'deferGet'
  | 'deferRemove'
  | 'tsSet'
  | 'tsGet'
  | 'countIncr'
  | 'countDecr'
  | 'countGet'
  | 'countGetBatch';

/** One row per route of PROTOCOL.md's Stash block. */
const ROUTES = {
  kvSet: {
    levels: BOTH,
    key: 'full',
    run(state, s, r, trackingId) {
      const data = body(r).data;
      const why = valueProblem(data);
      if (why) return bad(why);
      if (r.level === 'protected' && state.credentials.get(r.credential ?? '') !== trackingId) {
        return bad('level protected is read-only from clients: write it with a server credential');
      }
      s.kv[r.level as StashLevel].set(r.key, data as string);
      return ok();
    },
  },
  kvGet: {
    levels: BOTH,
    key: 'full',
    run: (_state, s, r) => {
      const value = s.kv[r.level as StashLevel].get(r.key);
      return value === undefined ? notFound() : ok(value);
    },
  },
  kvGetBatch: { levels: BOTH, key: null, run: getbatch((s, level) => s.kv[level as StashLevel], fullKeyProblem) },
  deferSet: {
    levels: PUBLIC,
    key: 'full',
    run(state, s, r, trackingId) {
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
        cancel: state.ctx.clock.at((timestamp as number) * 1000, () => {
          if (s.deferred.get(id) !== row) return;
          s.deferred.delete(id);
          const delivery = { trackingId, key: r.key, value: row.value, route: row.route, at: state.ctx.clock.now() };
          state.deliveries.push(delivery);
          state.ctx.bus.emit('delivery', { ...delivery });
        }),
      };
      s.deferred.set(id, row);
      state.ctx.clock.tick(); // a timestamp already reached is delivered now, not at the next request
      return ok();
    },
  },
  deferGet: {
    levels: PUBLIC,
    key: 'full',
    run(_state, s, r) {
      const timestamp = /^\d+$/.test(r.timestamp ?? '') ? Number(r.timestamp) : NaN;
      if (!isTimestamp(timestamp)) return bad(TIMESTAMP_PROBLEM);
      const row = s.deferred.get(`${r.key} ${timestamp}`);
      return row ? ok({ value: row.value, route: row.route }) : notFound();
    },
  },
  deferRemove: {
    levels: PUBLIC,
    key: 'full',
    run(_state, s, r) {
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
    run(state, s, r) {
      const now = Math.floor(state.ctx.clock.now() / 1000);
      s.times.set(r.key, now);
      return ok(String(now));
    },
  },
  tsGet: {
    levels: PUBLIC,
    key: 'full',
    run: (_state, s, r) => {
      const t = s.times.get(r.key);
      return t === undefined ? notFound() : ok(String(t));
    },
  },
  countIncr: { levels: PUBLIC, key: 'full', run: count(1) },
  countDecr: { levels: PUBLIC, key: 'full', run: count(-1) },
  countGet: {
    levels: PUBLIC,
    key: 'counter',
    run: (_state, s, r) => {
      const n = s.counters.get(r.key);
      return n === undefined ? notFound() : ok(String(n));
    },
  },
  countGetBatch: { levels: PUBLIC, key: null, run: getbatch((s) => s.counters, counterKeyProblem) },
} satisfies Record<StashRoute, Op>;

/** Validates what every route shares (tracking id, level, key), then runs the route. */
const serve =
  (state: StashState, op: Op) =>
  (r: StashRequest): StashReply => {
    if (!SEGMENT.test(r.trackingId) || r.trackingId === '.' || r.trackingId === '..')
      return bad(`tracking id ${JSON.stringify(r.trackingId)} is invalid`);
    if (!(op.levels as readonly string[]).includes(r.level))
      return bad(`level ${JSON.stringify(r.level)} is invalid: expected ${op.levels.join(' or ')}`);
    const why = op.key === 'full' ? fullKeyProblem(r.key) : op.key === 'counter' ? counterKeyProblem(r.key) : undefined;
    if (why) return bad(why);
    return op.run(state, storeOf(state, r.trackingId), { ...r, key: r.key ?? '' }, r.trackingId);
  };

/** One function per route, as the MSW handlers call them. */
export type StashService = Record<StashRoute, (r: StashRequest) => StashReply>;

/** The routes over `state`. */
export function createStashService(state: StashState): StashService {
  return Object.fromEntries(Object.entries(ROUTES).map(([name, op]) => [name, serve(state, op)])) as Record<
    keyof typeof ROUTES,
    (r: StashRequest) => StashReply
  >;
}
