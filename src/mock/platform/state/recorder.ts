import type { Clock } from '../clock';
import { ADMIN_READERS, CODECS, type Fn, type Group, RECORDED_SERVICES, toJson } from './codecs';
import { InvalidStateError, type StateHeader, type StateOperation, type StateSnapshot } from './format';
import type { SecretSealer } from './secrets';

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
 * The operations recorded, in order; one a later operation overwrote (same supersede key) leaves
 * a hole, and the holes are dropped once they are half of the list.
 */
class OperationLog {
  #operations: (StateOperation | undefined)[] = [];
  #live = 0;
  readonly #lastOf = new Map<string, number>();
  readonly #listeners = new Set<(operation: StateOperation) => void>();

  append(operation: StateOperation, supersedeKey?: string) {
    if (supersedeKey !== undefined) {
      const previous = this.#lastOf.get(supersedeKey);
      if (previous !== undefined && this.#operations[previous]) {
        this.#operations[previous] = undefined;
        this.#live--;
      }
      this.#lastOf.set(supersedeKey, this.#operations.length);
    }
    this.#operations.push(operation);
    this.#live++;
    if (this.#operations.length > 1024 && this.#live * 2 < this.#operations.length) this.#pack();
    for (const listener of this.#listeners) listener(operation);
  }

  /** The operations that still matter, in order. */
  current(): StateOperation[] {
    return this.#operations.filter((o): o is StateOperation => o !== undefined);
  }

  listen(listener: (operation: StateOperation) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Drops the holes superseded operations left. */
  #pack() {
    const renumber = new Map<number, number>();
    const kept: StateOperation[] = [];
    this.#operations.forEach((operation, index) => {
      if (!operation) return;
      renumber.set(index, kept.length);
      kept.push(operation);
    });
    for (const [key, index] of this.#lastOf) {
      const next = renumber.get(index);
      if (next === undefined) this.#lastOf.delete(key);
      else this.#lastOf.set(key, next);
    }
    this.#operations = kept;
  }
}

/** Wraps the state-changing functions of `parts` so that each successful call is appended to `log`. */
class Wrapper {
  /** The wrapped functions by operation name, for replay. */
  readonly callable = new Map<string, Fn>();
  /** Calls whose arguments JSON cannot carry (an integration's handler function): not in the snapshot. */
  unrecorded = 0;
  readonly #clock: Clock;
  readonly #log: OperationLog;
  readonly #sealer: SecretSealer | undefined;

  constructor(clock: Clock, log: OperationLog, sealer?: SecretSealer) {
    this.#clock = clock;
    this.#log = log;
    this.#sealer = sealer;
  }

  wrap(name: string, fn: Fn): Fn {
    const codec = CODECS[name] ?? {};
    const clock = this.#clock;
    const record = (at: number, args: unknown[], result: unknown) => {
      if (codec.changed && !codec.changed(result)) return;
      const recorded = toJson(codec.record ? codec.record(args, result, this.#sealer) : args);
      if (!recorded) {
        this.unrecorded++;
        return;
      }
      const operation: StateOperation = { at, op: name, args: recorded };
      if (name.startsWith('clock.') && !clock.frozen) operation.offset = clock.now() - Date.now();
      this.#log.append(operation, codec.supersedeKey?.(recorded));
    };
    const wrapped = function (this: unknown, ...given: unknown[]) {
      const at = clock.now();
      const args = codec.prepare ? codec.prepare(given) : given;
      const result = fn.apply(this, args);
      // A call that changes the state once its promise resolves (a gzip batch, once decompressed) is
      // recorded then, before the caller that awaits it answers: the journal still comes first.
      if (result instanceof Promise)
        return result.then((value) => {
          record(at, args, value);
          return value;
        });
      record(at, args, result);
      return result;
    };
    this.callable.set(name, wrapped);
    return wrapped;
  }

  group(prefix: string, group: Group, recorded: (method: string) => boolean): Group {
    const copy: Group = { ...group };
    for (const [method, value] of Object.entries(group)) {
      if (typeof value === 'function' && recorded(method))
        copy[method] = this.wrap(`${prefix}.${method}`, value.bind(group) as Fn);
    }
    return copy;
  }

  /**
   * The parts with their state-changing functions wrapped: clock set/advance, the recorded services, admin but its
   * readers.
   */
  parts<P extends PlatformParts>(parts: P): P {
    const { clock } = parts;
    const wrappedClock: Clock = {
      now: clock.now,
      at: clock.at,
      tick: clock.tick,
      set: this.wrap('clock.set', clock.set as Fn) as Clock['set'],
      advance: this.wrap('clock.advance', clock.advance as Fn) as Clock['advance'],
      get frozen() {
        return clock.frozen;
      },
    };
    const services = Object.fromEntries(
      Object.entries(parts.services).map(([area, group]) => [
        area,
        this.group(`services.${area}`, group, (m) => RECORDED_SERVICES[area]?.includes(m) ?? false),
      ]),
    );
    const admin = Object.fromEntries(
      Object.entries(parts.admin).map(([area, value]) =>
        typeof value === 'function'
          ? [area, this.wrap(`admin.${area}`, value as Fn)]
          : [area, this.group(`admin.${area}`, value as Group, (m) => !ADMIN_READERS.has(m))],
      ),
    );
    return { ...parts, clock: wrappedClock, services, admin };
  }
}

/**
 * Applies operations of a snapshot in order, each at its own platform time, through the wrapped
 * functions (so they are recorded again). A real-time clock then resumes at real time plus the
 * last recorded offset. Operations that throw are skipped and returned.
 */
function replay(
  list: StateOperation[],
  source: string,
  callable: Map<string, Fn>,
  clock: Clock,
  sealer?: SecretSealer,
): ReplayFailure[] {
  const failures: ReplayFailure[] = [];
  let offset = 0;
  list.forEach((operation, index) => {
    const fn = callable.get(operation.op);
    if (!fn)
      throw new InvalidStateError(source, `operations[${index}]: unknown operation ${JSON.stringify(operation.op)}`);
    if (!operation.op.startsWith('clock.') && clock.now() !== operation.at) clock.set(operation.at);
    const fail = (error: unknown) =>
      failures.push({ index, op: operation.op, message: error instanceof Error ? error.message : String(error) });
    try {
      const args = CODECS[operation.op]?.restore?.(operation.args, sealer) ?? operation.args;
      const result = fn(...args);
      if (result instanceof Promise) result.catch(fail);
    } catch (error) {
      fail(error);
    }
    if (operation.offset !== undefined) offset = operation.offset;
  });
  if (!clock.frozen) clock.set(Date.now() + offset);
  return failures;
}

/**
 * Wraps the platform's state-changing functions so that each successful call is recorded (and
 * announced to listeners, synchronously, before the call returns: a journal written there is on
 * disk before the HTTP answer). Returns the wrapped parts, `snapshot`, `onOperation` and `replay`.
 */
export function createRecorder<P extends PlatformParts>(parts: P, header: StateHeader, sealer?: SecretSealer) {
  const log = new OperationLog();
  const wrapper = new Wrapper(parts.clock, log, sealer);
  return {
    parts: wrapper.parts(parts),
    /** Applies a snapshot's operations; see `replay` above. */
    replay: (list: StateOperation[], source: string) => replay(list, source, wrapper.callable, parts.clock, sealer),
    /** The platform's state now: the header and the operations that still matter (overwritten ones dropped). */
    snapshot: (): StateSnapshot => ({ ...header, operations: log.current() }),
    /**
     * Calls `listener` with each recorded operation, synchronously, as it is applied. Returns a function that stops it.
     */
    onOperation: (listener: (operation: StateOperation) => void): (() => void) => log.listen(listener),
    /** Calls since creation whose arguments JSON cannot carry (for example an integration's handler function). */
    unrecorded: () => wrapper.unrecorded,
  };
}
