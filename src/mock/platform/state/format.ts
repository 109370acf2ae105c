/**
 * The mock platform's state as a versioned JSON object: how it was created (clock, fixtures) and
 * every state-changing operation since, in order. `createMockPlatform({ state })` replays it;
 * `platform.snapshot()` writes it; `svc-mock serve --state <file>` journals it (the header on the
 * first line, one operation per line after it).
 */

import { isObject } from '@svc/core';
/** The `format` of every state this code writes; a state of another format is refused. */
export const STATE_FORMAT = 'svc-mock-state';
/** The version this code writes and reads. A file of another version is refused, never rewritten. */
export const STATE_VERSION = 1;

/** One state-changing call, as it was applied. */
export interface StateOperation {
  /** Platform time when the call was made, epoch ms (replay sets the clock here first). */
  at: number;
  /** What was called: `<group>.<area>.<method>`, for example `services.stash.kvSet` or `clock.advance`. */
  op: string;
  /** Its arguments (JSON). */
  args: unknown[];
  /** Real-time clocks only, on `clock.*` operations: platform time minus real time after the call, ms. */
  offset?: number;
}

/** What a state begins with: enough to create the same platform again before replaying. */
export interface StateHeader {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  /** Platform time at creation, epoch ms (fixtures are generated ending here). */
  createdAt: number;
  /** `frozen`: time moves only by `clock.set`/`advance`; `real`: it follows real time plus their offset. */
  clock: 'frozen' | 'real';
  /** The fixtures loaded at creation: `false` or their options (`{}` is the default seed). */
  fixtures: false | { seed?: number };
}

/** A whole state: the header and the operations, oldest first. */
export interface StateSnapshot extends StateHeader {
  operations: StateOperation[];
}

/** A state that cannot be used: another format or version, or malformed. `source` names where it came from. */
export class InvalidStateError extends Error {
  readonly code = 'INVALID_STATE';
  /** What is wrong with the state, without where it came from. */
  readonly reason: string;
  constructor(source: string, reason: string) {
    super(`${source}: ${reason}`);
    this.name = 'InvalidStateError';
    this.reason = reason;
  }
}

/** Checks a header (a snapshot's or a journal's first line); throws InvalidStateError naming `source`. */
export function checkHeader(value: unknown, source: string): StateHeader {
  if (!isObject(value) || value.format !== STATE_FORMAT)
    throw new InvalidStateError(source, `not a svc-mock state (expected "format": "${STATE_FORMAT}")`);
  if (value.version !== STATE_VERSION) {
    throw new InvalidStateError(
      source,
      `state version ${JSON.stringify(value.version)} is not supported: this svc-mock reads version ${STATE_VERSION}`,
    );
  }
  if (!Number.isFinite(value.createdAt)) throw new InvalidStateError(source, 'createdAt must be epoch milliseconds');
  if (value.clock !== 'frozen' && value.clock !== 'real')
    throw new InvalidStateError(source, 'clock must be "frozen" or "real"');
  const fixtures = value.fixtures;
  if (fixtures !== false && !(isObject(fixtures) && (fixtures.seed === undefined || Number.isFinite(fixtures.seed)))) {
    throw new InvalidStateError(source, 'fixtures must be false or {"seed"?: <number>}');
  }
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    createdAt: value.createdAt as number,
    clock: value.clock,
    fixtures: fixtures as StateHeader['fixtures'],
  };
}

/** Checks one operation; throws InvalidStateError naming `source`. */
export function checkOperation(value: unknown, source: string): StateOperation {
  if (!isObject(value) || !Number.isFinite(value.at) || typeof value.op !== 'string' || !Array.isArray(value.args)) {
    throw new InvalidStateError(source, 'an operation must be {"at": <ms>, "op": "<name>", "args": [...]}');
  }
  if (value.offset !== undefined && !Number.isFinite(value.offset))
    throw new InvalidStateError(source, 'offset must be milliseconds');
  return value as unknown as StateOperation;
}

/** Checks a whole snapshot; throws InvalidStateError naming `source`. */
export function checkSnapshot(value: unknown, source = 'state'): StateSnapshot {
  const header = checkHeader(value, source);
  const operations = (value as { operations?: unknown }).operations;
  if (!Array.isArray(operations)) throw new InvalidStateError(source, 'operations must be an array');
  return { ...header, operations: operations.map((op, i) => checkOperation(op, `${source}: operations[${i}]`)) };
}
