import { RUN_LIMITS } from './limits';
import { createCache } from '../../../integrations/cache';
import { windowFault, type ScheduleWindow } from '../../../integrations/window';
import { SEGMENT, isObject } from '@svc/core';
import type { PlatformContext } from '../context';
import { createRateLimiter } from './rate-limits';
import { nextBoundary, runAt } from './run-at';
import { runHandler } from './run-handler';
import {
  PERIODS,
  type IntegrationDefinition,
  type IntegrationHandler,
  type IntegrationInfo,
  type IntegrationRun,
  type IntegrationSettings,
  type PendingExecution,
  type RateLimit,
  type Trigger,
} from './types';

export * from './types';
export { runAt, nextBoundary } from './run-at';

type Key = Record<string, string | number>;

/** What a route answers: the body, whose `status` is also the HTTP status. */
export type IntegrationAnswer =
  | { status: 200; executionId: string; result: unknown }
  | { status: 200; executionId: string; runAt: string }
  | { status: 200; cancelled: number }
  | { status: 429; retryAt: string }
  | { status: 404 }
  | { status: 400; message: string }
  | { status: 500 | 504; executionId: string; message: string };

interface Entry {
  info: Omit<IntegrationInfo, 'secretNames'>;
  handler: IntegrationHandler;
  secrets: Map<string, string>;
  cache: ReturnType<typeof createCache>;
  limiter: ReturnType<typeof createRateLimiter>;
  stopRecurring?: () => void;
  /** The last run started: runs of one integration go one at a time, in order, so cache updates are deterministic. */
  queue: Promise<unknown>;
}

interface Pending {
  view: PendingExecution;
  keyId: string;
  cancel: () => void;
}

/** Settings defaults and bounds (ms). */
export const INTEGRATION_TIMEOUT = { default: 10_000, max: 60_000 } as const;
/** `runAt` must come before this (epoch ms): an ISO 8601 date with a four-digit year, as `runAt` is answered. */
const LAST_RUN_AT = Date.UTC(10_000, 0, 1);
export { RUN_LIMITS } from './limits';

const fail = (message: string): never => {
  throw new TypeError(`integrations: ${message}`);
};
const iso = (ms: number) => new Date(ms).toISOString();
const keyId = (key: Key) => JSON.stringify(Object.keys(key).sort().map((name) => [name, key[name]]));
const describeTrigger = (t: Trigger) => (t === 'HTTP' ? 'HTTP' : 'event' in t ? `event ${t.event}` : `every ${t.every}`);

function checkTrigger(trigger: unknown): Trigger {
  if (trigger === 'HTTP') return trigger;
  if (isObject(trigger) && typeof trigger.event === 'string' && trigger.event) return { event: trigger.event };
  if (isObject(trigger) && Object.hasOwn(PERIODS, trigger.every as string)) return { every: trigger.every as keyof typeof PERIODS };
  return fail(`trigger must be 'HTTP', {event: '<tracking event type>'} or {every: 'minute' | 'hour' | 'day' | 'week'} (got ${JSON.stringify(trigger)})`);
}

function checkSettings(settings: IntegrationSettings = {}): IntegrationInfo['settings'] {
  const { timeout = INTEGRATION_TIMEOUT.default, rateLimits = [] } = settings;
  if (!(Number.isInteger(timeout) && timeout > 0 && timeout <= INTEGRATION_TIMEOUT.max)) fail(`settings.timeout must be 1..${INTEGRATION_TIMEOUT.max} ms (got ${timeout})`);
  if (!Array.isArray(rateLimits)) fail('settings.rateLimits must be an array');
  const limits = rateLimits.map((l: RateLimit, i): RateLimit => {
    const at = `settings.rateLimits[${i}]`;
    if (!(Number.isInteger(l?.limit) && l.limit >= 1)) fail(`${at}.limit must be a whole number >= 1 (got ${l?.limit})`);
    const interval = l.interval;
    if (!(typeof interval === 'number' ? Number.isInteger(interval) && interval > 0 : Object.hasOwn(PERIODS, interval))) {
      fail(`${at}.interval must be 'minute', 'hour', 'day', 'week' or milliseconds > 0 (got ${interval})`);
    }
    const target = l.target ?? 'integration';
    if (target !== 'integration' && !(Array.isArray(target) && target.length && target.every((n) => typeof n === 'string' && n))) {
      fail(`${at}.target must be 'integration' or a non-empty list of key names (got ${JSON.stringify(target)})`);
    }
    return { limit: l.limit, interval, target: Array.isArray(target) ? [...target] : target };
  });
  return { timeout, rateLimits: limits };
}

/** The `key` of a request body, or the message of a 400. */
function readKey(raw: unknown, required: boolean): Key | string {
  if (raw === undefined && !required) return Object.create(null);
  if (!isObject(raw)) return 'key must be an object of string or number values';
  const key: Key = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return `key.${name} must be a string or a number`;
    key[name] = value;
  }
  if (required && !Object.keys(key).length) return 'key must name at least one value';
  return key;
}

/**
 * The integrations area of the mock platform: a registry per property (`admin`), the execute /
 * schedule / cancel routes (`service`), event, deferkv-delivery and recurring triggers, and the
 * record of every run (`inspect`). All times are platform (UTC) time from `ctx.clock`.
 */
export function createIntegrationsArea(ctx: PlatformContext) {
  const { clock, bus } = ctx;
  const byProperty = new Map<string, Map<string, Entry>>();
  const runs: IntegrationRun[] = [];
  const sizes: number[] = []; // of runs[i]
  let keptBytes = 0;
  let droppedRuns = 0;
  const pending = new Map<string, Pending>();
  const inflight = new Set<Promise<unknown>>();
  let seq = 0;

  const find = (trackingId: string, name: string) => byProperty.get(trackingId)?.get(name);
  const entryOf = (trackingId: string, name: string) => find(trackingId, name) ?? fail(`no integration "${name}" in property "${trackingId}"`);
  const infoOf = (entry: Entry): IntegrationInfo => structuredClone({ ...entry.info, secretNames: [...entry.secrets.keys()] });
  const record = (run: IntegrationRun) => {
    runs.push(run);
    sizes.push(sizeOf(run));
    keptBytes += sizes[sizes.length - 1];
    while (runs.length > 1 && (runs.length > RUN_LIMITS.runs || keptBytes > RUN_LIMITS.bytes)) {
      runs.shift();
      keptBytes -= sizes.shift()!;
      droppedRuns++;
    }
    return run;
  };

  /**
   * Starts a run now: limits are judged synchronously, at the current platform time; the handler is
   * called once the integration's previous run finished (runHandler never rejects).
   */
  function run(entry: Entry, trigger: IntegrationRun['trigger'], payload: unknown, key: Key, executionId = `ex-${++seq}`): Promise<IntegrationRun> {
    const { trackingId, name, settings } = entry.info;
    const base = { executionId, trackingId, integration: name, trigger, key: { ...key }, payload, at: clock.now() };
    const retryAt = entry.limiter.take(settings.rateLimits, key);
    if (retryAt !== undefined) {
      return Promise.resolve(
        record({ ...base, status: 'rate-limited', durationMs: 0, logs: [], error: 'refused by a rate limit', retryAt: iso(retryAt) }),
      );
    }
    const secrets = Object.fromEntries(entry.secrets);
    const done = entry.queue.then(() => runHandler(entry.handler, payload, secrets, entry.cache, settings.timeout)).then((outcome) => {
      if (outcome.status === 'ok') {
        try {
          outcome.result = JSON.parse(JSON.stringify(outcome.result ?? null));
        } catch {
          Object.assign(outcome, { status: 'error', result: undefined, error: 'the result is not JSON-serialisable' });
        }
      }
      return record({ ...base, ...outcome });
    });
    entry.queue = done;
    inflight.add(done);
    void done.finally(() => inflight.delete(done));
    return done;
  }

  /** The HTTP-triggered integration a route names, or the answer that refuses it. */
  function target(trackingId: string, name: string, body: unknown): Entry | IntegrationAnswer {
    const entry = find(trackingId, name);
    if (!entry) return { status: 404 };
    if (entry.info.trigger !== 'HTTP') return { status: 400, message: `integration "${name}" is started by ${describeTrigger(entry.info.trigger)}, not HTTP` };
    if (!isObject(body)) return { status: 400, message: 'the body must be a JSON object' };
    return entry;
  }

  /** Key of an execute / schedule body, or the message of a 400 (also for keys lacking a rate limit's target names). */
  function executionKey(entry: Entry, raw: unknown): Key | string {
    const key = readKey(raw, false);
    if (typeof key === 'string') return key;
    const missing = entry.limiter.missing(entry.info.settings.rateLimits, key);
    return missing.length ? `key must carry ${missing.join(', ')} (a rate limit's target)` : key;
  }

  function startRecurring(entry: Entry, every: keyof typeof PERIODS) {
    const next = () => {
      entry.stopRecurring = clock.at(nextBoundary(clock.now(), every), () => {
        void run(entry, 'recurring', { at: iso(clock.now()) }, Object.create(null));
        next();
      });
    };
    next();
  }

  function cancelWhere(test: (p: Pending) => boolean): number {
    let n = 0;
    for (const [id, p] of pending) {
      if (!test(p)) continue;
      p.cancel();
      pending.delete(id);
      n++;
    }
    return n;
  }

  bus.on('event', ({ trackingId, event }) => {
    for (const entry of byProperty.get(trackingId)?.values() ?? []) {
      const t = entry.info.trigger;
      if (t !== 'HTTP' && 'event' in t && t.event === event.meta.type) void run(entry, 'event', event, Object.create(null));
    }
  });
  bus.on('delivery', ({ trackingId, key, value, route }) => {
    const entry = find(trackingId, route);
    if (entry?.info.trigger === 'HTTP') void run(entry, 'delivery', { key, value, route }, Object.create(null));
  });

  const service = {
    /** POST …/execute `{payload, key}`: runs now; 200 with the result, 429 with `retryAt`, 404, 400, 500 (handler error), 504 (timeout). */
    async execute(trackingId: string, name: string, body: unknown): Promise<IntegrationAnswer> {
      const entry = target(trackingId, name, body);
      if (!('handler' in entry)) return entry;
      const b = body as Record<string, unknown>;
      const key = executionKey(entry, b.key);
      if (typeof key === 'string') return { status: 400, message: key };
      const r = await run(entry, 'execute', Object.hasOwn(b, 'payload') ? b.payload : {}, key);
      if (r.status === 'ok') return { status: 200, executionId: r.executionId, result: r.result };
      if (r.status === 'rate-limited') return { status: 429, retryAt: r.retryAt! };
      const message = `integration "${name}" ${r.status === 'timeout' ? 'timed out' : 'failed'}: ${r.error}`;
      return { status: r.status === 'timeout' ? 504 : 500, executionId: r.executionId, message };
    },

    /** POST …/schedule `{payload, key, delay, window}`: 200 with `runAt`; replaces a pending schedule with the same (non-empty) key. */
    async schedule(trackingId: string, name: string, body: unknown): Promise<IntegrationAnswer> {
      const entry = target(trackingId, name, body);
      if (!('handler' in entry)) return entry;
      const b = body as Record<string, unknown>;
      const key = executionKey(entry, b.key);
      if (typeof key === 'string') return { status: 400, message: key };
      // Absent is 0; null is as malformed as for `key` and `window`.
      const delay = b.delay === undefined ? 0 : b.delay;
      if (!(Number.isSafeInteger(delay) && (delay as number) >= 0)) return { status: 400, message: 'delay must be a whole number of milliseconds >= 0' };
      const fault = b.window === undefined ? undefined : windowFault(b.window);
      if (fault) return { status: 400, message: `${fault} is malformed: expected {day: "mon-fri", time: "09:00-17:00"}` };
      const earliest = clock.now() + (delay as number);
      const when = earliest < LAST_RUN_AT ? runAt(earliest, b.window as ScheduleWindow | undefined) : LAST_RUN_AT;
      if (when >= LAST_RUN_AT) return { status: 400, message: `delay must put runAt at or before ${iso(LAST_RUN_AT - 1)}` };
      const executionId = `ex-${++seq}`;
      // A key identifies the schedule (a new one replaces it); an empty key identifies nothing.
      const id = Object.keys(key).length ? keyId(key) : `#${executionId}`;
      cancelWhere((p) => p.view.trackingId === trackingId && p.view.integration === name && p.keyId === id);
      const payload = Object.hasOwn(b, 'payload') ? b.payload : {};
      const view: PendingExecution = { executionId, trackingId, integration: name, key: { ...key }, payload, runAt: iso(when) };
      const cancel = clock.at(when, () => {
        pending.delete(executionId);
        const current = find(trackingId, name);
        if (current) void run(current, 'schedule', payload, key, executionId);
      });
      pending.set(executionId, { view, keyId: id, cancel });
      clock.tick(); // a runAt already reached (no delay, an open window) runs now, not at the next request
      return { status: 200, executionId, runAt: view.runAt };
    },

    /** POST …/cancel `{key}`: removes the pending schedules whose key has all of `key`'s values. */
    async cancel(trackingId: string, name: string, body: unknown): Promise<IntegrationAnswer> {
      const entry = target(trackingId, name, body);
      if (!('handler' in entry)) return entry;
      const key = readKey((body as Record<string, unknown>).key, true);
      if (typeof key === 'string') return { status: 400, message: key };
      const cancelled = cancelWhere(
        (p) =>
          p.view.trackingId === trackingId &&
          p.view.integration === name &&
          Object.keys(key).every((n) => Object.hasOwn(p.view.key, n) && p.view.key[n] === key[n]),
      );
      return { status: 200, cancelled };
    },
  };

  const admin = {
    /** Creates an integration; its name is unique within the property and its trigger fixed. Throws a TypeError for a bad definition. */
    create(trackingId: string, definition: IntegrationDefinition): IntegrationInfo {
      const { name, description = '', handler, secrets = {} } = definition ?? ({} as IntegrationDefinition);
      if (typeof name !== 'string' || !SEGMENT.test(name) || name === '.' || name === '..') fail(`name must match ${SEGMENT} (got ${JSON.stringify(name)})`);
      if (find(trackingId, name)) fail(`integration "${name}" already exists in property "${trackingId}"`);
      if (typeof handler !== 'function') fail(`integration "${name}": handler must be a function`);
      if (typeof description !== 'string') fail('description must be a string');
      if (!isObject(secrets) || Object.values(secrets).some((v) => typeof v !== 'string')) fail('secrets must be an object of strings');
      const entry: Entry = {
        info: { trackingId, name, description, trigger: checkTrigger(definition.trigger ?? 'HTTP'), settings: checkSettings(definition.settings), createdAt: clock.now() },
        handler,
        secrets: new Map(),
        cache: createCache(clock.now),
        limiter: createRateLimiter(clock.now),
        queue: Promise.resolve(),
      };
      if (!byProperty.has(trackingId)) byProperty.set(trackingId, new Map());
      byProperty.get(trackingId)!.set(name, entry);
      admin.setSecrets(trackingId, name, secrets);
      const t = entry.info.trigger;
      if (t !== 'HTTP' && 'every' in t) startRecurring(entry, t.every);
      return infoOf(entry);
    },

    /** Changes description, settings or handler. The trigger is fixed: passing a different one throws. */
    update(trackingId: string, name: string, changes: Partial<Omit<IntegrationDefinition, 'name' | 'secrets'>>): IntegrationInfo {
      const entry = entryOf(trackingId, name);
      if (changes.trigger !== undefined && describeTrigger(checkTrigger(changes.trigger)) !== describeTrigger(entry.info.trigger)) {
        fail(`integration "${name}": the trigger is fixed once created (${describeTrigger(entry.info.trigger)})`);
      }
      if (changes.handler !== undefined && typeof changes.handler !== 'function') fail(`integration "${name}": handler must be a function`);
      if (changes.settings) {
        entry.info.settings = checkSettings(changes.settings);
        entry.limiter.clear();
      }
      if (typeof changes.description === 'string') entry.info.description = changes.description;
      if (changes.handler) entry.handler = changes.handler;
      return infoOf(entry);
    },

    /** Sets or replaces secrets (string values). Write-only: nothing returns their values. Resolves the secret names. */
    setSecrets(trackingId: string, name: string, secrets: Record<string, string>): string[] {
      const entry = entryOf(trackingId, name);
      if (!isObject(secrets)) fail('secrets must be an object of strings');
      for (const [secret, value] of Object.entries(secrets)) {
        if (typeof value !== 'string') fail(`secret "${secret}" must be a string`);
        entry.secrets.set(secret, value);
      }
      return [...entry.secrets.keys()];
    },

    /** Removes a secret; returns whether it existed. */
    deleteSecret(trackingId: string, name: string, secret: string): boolean {
      return entryOf(trackingId, name).secrets.delete(secret);
    },

    /** The integration (secret names, never values), or undefined. */
    get(trackingId: string, name: string): IntegrationInfo | undefined {
      const entry = find(trackingId, name);
      return entry && infoOf(entry);
    },

    /** The integrations of a property, or of every property. */
    list(trackingId?: string): IntegrationInfo[] {
      const maps = trackingId === undefined ? [...byProperty.values()] : [byProperty.get(trackingId) ?? new Map<string, Entry>()];
      return maps.flatMap((m) => [...m.values()].map(infoOf));
    },

    /** Deletes an integration with its pending schedules and recurrence; returns whether it existed. */
    remove(trackingId: string, name: string): boolean {
      const entry = find(trackingId, name);
      if (!entry) return false;
      entry.stopRecurring?.();
      cancelWhere((p) => p.view.trackingId === trackingId && p.view.integration === name);
      return byProperty.get(trackingId)!.delete(name);
    },
  };

  const inspect = {
    /** Finished runs (and rate-limit refusals), oldest first, optionally filtered. */
    runs(filter: { trackingId?: string; integration?: string; status?: IntegrationRun['status'] } = {}): IntegrationRun[] {
      return structuredClone(
        runs.filter(
          (r) =>
            (filter.trackingId === undefined || r.trackingId === filter.trackingId) &&
            (filter.integration === undefined || r.integration === filter.integration) &&
            (filter.status === undefined || r.status === filter.status),
        ),
      );
    },
    /** How many runs were dropped from `runs` over RUN_LIMITS (oldest first). */
    droppedRuns(): number {
      return droppedRuns;
    },
    /** Schedules waiting for their `runAt`, soonest first. */
    pending(filter: { trackingId?: string; integration?: string } = {}): PendingExecution[] {
      return structuredClone(
        [...pending.values()]
          .map((p) => p.view)
          .filter((v) => (filter.trackingId === undefined || v.trackingId === filter.trackingId) && (filter.integration === undefined || v.integration === filter.integration))
          .sort((a, b) => a.runAt.localeCompare(b.runAt)),
      );
    },
    /** The live entries of an integration's cache. */
    cache(trackingId: string, name: string): Record<string, unknown> {
      return entryOf(trackingId, name).cache.entries();
    },
    /** Resolves once no run is in progress (runs started by the clock or the bus finish asynchronously). */
    async idle(): Promise<void> {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
  };

  return { service, admin, inspect };
}

export type IntegrationsArea = ReturnType<typeof createIntegrationsArea>;
export type IntegrationsAdmin = IntegrationsArea['admin'];

/** The JSON characters a run holds (payload, result, log messages): what RUN_LIMITS.bytes counts. */
function sizeOf(run: IntegrationRun): number {
  let size = 0;
  for (const value of [run.payload, run.result]) {
    try {
      size += JSON.stringify(value)?.length ?? 0;
    } catch {
      // Not JSON (cannot happen for what the routes accept): counted as nothing.
    }
  }
  for (const line of run.logs) size += line.message.length;
  return size;
}
