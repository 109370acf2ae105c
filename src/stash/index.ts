import { invalid } from '@svc/core';
import { connect, type Connection } from './connection';
import type { StashOptions } from './options';
import { kv, type KvStash } from './kv';
import { deferkv, type DeferKvStash, type DeferredValue } from './deferkv';
import { ts, type TsStash } from './ts';
import { count, type CountStash } from './count';
export { setEndpoints } from '@svc/core';

/** The client of each opType. */
export interface StashClients {
  kv: KvStash;
  deferkv: DeferKvStash;
  ts: TsStash;
  count: CountStash;
}
export type OpType = keyof StashClients;

/** The client maker of each opType; no prototype, so `__proto__` or `toString` is no opType. */
const clients = { __proto__: null, kv, deferkv, ts, count } as { [T in OpType]: (c: Connection) => StashClients[T] };

/**
 * A stash client for `opType` (`kv`, `deferkv`, `ts` or `count`) of the property `trackingId`.
 * Throws `INVALID_ARGUMENT` for an unknown opType, an invalid tracking id or options.
 */
export function createStash<T extends OpType>(opType: T, trackingId: string, options: StashOptions = {}): StashClients[T] {
  // Only a string is looked up: any other key would be converted first (a null-prototype object throws).
  const client = typeof opType === 'string' ? clients[opType] : undefined;
  if (!client) invalid('opType', opType, 'must be kv, deferkv, ts or count');
  return client(connect(opType, trackingId, options));
}

export type { StashOptions, StashLevel } from './options';
export type { KvStash, DeferKvStash, DeferredValue, TsStash, CountStash };
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
