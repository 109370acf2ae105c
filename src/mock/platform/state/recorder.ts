import { isObject } from '@svc/core';
import type { Clock } from '../clock';
import { InvalidStateError, type StateHeader, type StateOperation, type StateSnapshot } from './format';

/**
 * Which calls change the platform's state, as data. Services not listed only read (recommend,
 * experiences GET, stash gets); every admin method but these readers changes something.
 */
const RECORDED_SERVICES: Record<string, readonly string[]> = {
  stash: ['kvSet', 'deferSet', 'deferRemove', 'tsSet', 'countIncr', 'countDecr'],
  events: ['ingest'],
  experiences: ['callback'],
  integrations: ['execute', 'schedule', 'cancel'],
};
const ADMIN_READERS = new Set(['get', 'list']);

type Fn = (...args: unknown[]) => unknown;
type Group = Record<string, unknown>;

/** How one operation's arguments travel in JSON, and back; and whether it is worth keeping. */
interface Codec {
  /** Before the call: arguments as the function takes them (an iterable materialised once). */
  prepare?(args: unknown[]): unknown[];
  /** After the call: the arguments to record (a random credential becomes an argument). */
  record?(args: unknown[], result: unknown): unknown[];
  /** Back from JSON. */
  restore?(args: unknown[]): unknown[];
  /** `false`: the call changed nothing, keep no record (a stash write answered status 400). */
  changed?(result: unknown): boolean;
  /** A later operation with the same key makes this one irrelevant (an overwrite). */
  supersedeKey?(args: unknown[]): string;
}

const stashOk = (result: unknown) => (result as { status?: number }).status === 200;
const stashKey = (args: unknown[]) => args[0] as { trackingId: string; level: string; key?: string };

const CODECS: Record<string, Codec> = {
  'services.stash.kvSet': {
    changed: stashOk,
    supersedeKey: (a) => `kv ${stashKey(a).trackingId} ${stashKey(a).level} ${stashKey(a).key}`,
  },
  'services.stash.tsSet': { changed: stashOk, supersedeKey: (a) => `ts ${stashKey(a).trackingId} ${stashKey(a).key}` },
  'services.stash.deferSet': { changed: stashOk },
  'services.stash.deferRemove': { changed: stashOk },
  'services.stash.countIncr': { changed: stashOk },
  'services.stash.countDecr': { changed: stashOk },
  'services.events.ingest': {
    // The body as received: UTF-8 as text (readable in a snapshot), other bytes as base64, so a malformed one replays as it came.
    record: ([trackingId, body]) => [
      trackingId,
      body instanceof Uint8Array ? (utf8(body) ?? { base64: toBase64(body) }) : body,
    ],
    restore: ([trackingId, body]) => [
      trackingId,
      isObject(body) && typeof body.base64 === 'string' ? fromBase64(body.base64) : body,
    ],
  },
  'admin.stash.createCredential': { record: ([trackingId], credential) => [trackingId, credential] },
  'admin.recommend.recordInteractions': {
    prepare: ([trackingId, records]) => [trackingId, [...(records as Iterable<unknown>)]],
  },
};

const utf8 = (bytes: Uint8Array) => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
};
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A copy through JSON; `undefined` when the arguments hold a function or anything else JSON cannot carry. */
function toJson(args: unknown[]): unknown[] | undefined {
  try {
    const text = JSON.stringify(args, (_key, value: unknown) => {
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
        throw new TypeError('not JSON');
      return value;
    });
    return JSON.parse(text) as unknown[];
  } catch {
    return undefined;
  }
}

/** An operation that could not be replayed (it threw): the state diverged there. */
export interface ReplayFailure {
  index: number;
  op: string;
  message: string;
}

export interface PlatformParts {
  clock: Clock;
  services: Record<string, Group>;
  admin: Record<string, unknown>;
}

/**
 * Wraps the platform's state-changing functions so that each successful call is recorded (and
 * announced to listeners, synchronously, before the call returns: a journal written there is on
 * disk before the HTTP answer). Returns the wrapped parts, `snapshot`, `onOperation` and `replay`.
 */
export function createRecorder<P extends PlatformParts>(parts: P, header: StateHeader) {
  let operations: (StateOperation | undefined)[] = [];
  let live = 0;
  const lastOf = new Map<string, number>();
  const listeners = new Set<(operation: StateOperation) => void>();
  const callable = new Map<string, Fn>();
  /** Calls whose arguments JSON cannot carry (an integration's handler function): not in the snapshot. */
  let unrecorded = 0;

  const append = (operation: StateOperation, supersedeKey?: string) => {
    if (supersedeKey !== undefined) {
      const previous = lastOf.get(supersedeKey);
      if (previous !== undefined && operations[previous]) {
        operations[previous] = undefined;
        live--;
      }
      lastOf.set(supersedeKey, operations.length);
    }
    operations.push(operation);
    live++;
    if (operations.length > 1024 && live * 2 < operations.length) pack();
    for (const listener of listeners) listener(operation);
  };

  /** Drops the holes superseded operations left. */
  const pack = () => {
    const renumber = new Map<number, number>();
    const kept: StateOperation[] = [];
    operations.forEach((operation, index) => {
      if (!operation) return;
      renumber.set(index, kept.length);
      kept.push(operation);
    });
    for (const [key, index] of lastOf) {
      const next = renumber.get(index);
      if (next === undefined) lastOf.delete(key);
      else lastOf.set(key, next);
    }
    operations = kept;
  };

  const wrap = (name: string, fn: Fn): Fn => {
    const codec = CODECS[name] ?? {};
    const wrapped = function (this: unknown, ...given: unknown[]) {
      const at = parts.clock.now();
      const args = codec.prepare ? codec.prepare(given) : given;
      const result = fn.apply(this, args);
      if (codec.changed && !codec.changed(result)) return result;
      const recorded = toJson(codec.record ? codec.record(args, result) : args);
      if (!recorded) {
        unrecorded++;
        return result;
      }
      const operation: StateOperation = { at, op: name, args: recorded };
      if (name.startsWith('clock.') && !parts.clock.frozen) operation.offset = parts.clock.now() - Date.now();
      append(operation, codec.supersedeKey?.(recorded));
      return result;
    };
    callable.set(name, wrapped);
    return wrapped;
  };

  const wrapGroup = (prefix: string, group: Group, recorded: (method: string) => boolean): Group => {
    const copy: Group = { ...group };
    for (const [method, value] of Object.entries(group)) {
      if (typeof value === 'function' && recorded(method))
        copy[method] = wrap(`${prefix}.${method}`, value.bind(group) as Fn);
    }
    return copy;
  };

  const clock: Clock = {
    now: parts.clock.now,
    at: parts.clock.at,
    tick: parts.clock.tick,
    set: wrap('clock.set', parts.clock.set as Fn) as Clock['set'],
    advance: wrap('clock.advance', parts.clock.advance as Fn) as Clock['advance'],
    get frozen() {
      return parts.clock.frozen;
    },
  };
  const services = Object.fromEntries(
    Object.entries(parts.services).map(([area, group]) => [
      area,
      wrapGroup(`services.${area}`, group, (m) => RECORDED_SERVICES[area]?.includes(m) ?? false),
    ]),
  );
  const admin = Object.fromEntries(
    Object.entries(parts.admin).map(([area, value]) =>
      typeof value === 'function'
        ? [area, wrap(`admin.${area}`, value as Fn)]
        : [area, wrapGroup(`admin.${area}`, value as Group, (m) => !ADMIN_READERS.has(m))],
    ),
  );

  /**
   * Applies operations of a snapshot in order, each at its own platform time, through the same
   * wrapped functions (so they are recorded again). A real-time clock then resumes at real time
   * plus the last recorded offset. Operations that throw are skipped and returned.
   */
  function replay(list: StateOperation[], source: string): ReplayFailure[] {
    const failures: ReplayFailure[] = [];
    let offset = 0;
    list.forEach((operation, index) => {
      const fn = callable.get(operation.op);
      if (!fn)
        throw new InvalidStateError(source, `operations[${index}]: unknown operation ${JSON.stringify(operation.op)}`);
      if (!operation.op.startsWith('clock.') && parts.clock.now() !== operation.at) parts.clock.set(operation.at);
      const fail = (error: unknown) =>
        failures.push({ index, op: operation.op, message: error instanceof Error ? error.message : String(error) });
      try {
        const args = CODECS[operation.op]?.restore?.(operation.args) ?? operation.args;
        const result = fn(...args);
        if (result instanceof Promise) result.catch(fail);
      } catch (error) {
        fail(error);
      }
      if (operation.offset !== undefined) offset = operation.offset;
    });
    if (!parts.clock.frozen) parts.clock.set(Date.now() + offset);
    return failures;
  }

  return {
    parts: { ...parts, clock, services, admin } as P,
    replay,
    /** The platform's state now: the header and the operations that still matter (overwritten ones dropped). */
    snapshot: (): StateSnapshot => ({
      ...header,
      operations: operations.filter((o): o is StateOperation => o !== undefined),
    }),
    /** Calls `listener` with each recorded operation, synchronously, as it is applied. Returns a function that stops it. */
    onOperation(listener: (operation: StateOperation) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Calls since creation whose arguments JSON cannot carry (for example an integration's handler function). */
    unrecorded: () => unrecorded,
  };
}
