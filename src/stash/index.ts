import { invalid } from '@svc/core';
import { type Connection, connect } from './connection';
import { type CountStash, count } from './count';
import { type DeferKvStash, type DeferredValue, deferkv } from './deferkv';
import { type KvStash, kv } from './kv';
import type { StashOptions } from './options';
import { type TsStash, ts } from './ts';

export { setEndpoints } from '@svc/core';

/** The client of each opType. */
export interface StashClients {
  kv: KvStash;
  deferkv: DeferKvStash;
  ts: TsStash;
  count: CountStash;
}
/** The stash's kinds of store: `kv`, `deferkv`, `ts` or `count`. */
export type OpType = keyof StashClients;

/** The client maker of each opType; no prototype, so `__proto__` or `toString` is no opType. */
const clients = { __proto__: null, kv, deferkv, ts, count } as { [T in OpType]: (c: Connection) => StashClients[T] };

/**
 * A stash client for `opType` (`kv`, `deferkv`, `ts` or `count`) of the property `trackingId`.
 * Throws `INVALID_ARGUMENT` for an unknown opType, an invalid tracking id or options.
 * @example
 * ```ts
 * const basket = createStash('kv', 'demo_shop', { namespace: 'app' });
 * await basket.set('basket', JSON.stringify(['sku-1']));
 * const saved = await basket.get('basket'); // string | undefined
 * ```
 */
export function createStash<T extends OpType>(
  opType: T,
  trackingId: string,
  options: StashOptions = {},
): StashClients[T] {
  // Only a string is looked up: any other key would be converted first (a null-prototype object throws).
  const client = typeof opType === 'string' ? clients[opType] : undefined;
  if (!client) invalid('opType', opType, 'must be kv, deferkv, ts or count');
  return client(connect(opType, trackingId, options));
}

// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export type { StashLevel, StashOptions } from './options';
export type { CountStash, DeferKvStash, DeferredValue, KvStash, TsStash };
