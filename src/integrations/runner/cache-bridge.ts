// The handler's `cache` across the thread boundary: the worker asks, the runner answers from the
// integration's cache (one per folder, or the test's own).
import type { IntegrationCache } from '../cache';
import type { RunnerMessage, WorkerMessage } from './messages';

/** The answer to one `cache` request of the worker: the value read, or the error the cache threw. */
export async function answerCache(
  cache: IntegrationCache,
  message: WorkerMessage & { type: 'cache' },
): Promise<RunnerMessage> {
  try {
    const key = message.key as string;
    let value: unknown;
    if (message.op === 'get') value = await cache.get(key);
    else if (message.op === 'delete') value = await cache.delete(key);
    else
      await cache.set(
        key,
        message.json === undefined ? undefined : JSON.parse(message.json),
        message.ttlSeconds as number | undefined,
      );
    return {
      type: 'cache-reply',
      id: message.id,
      ok: true,
      json: value === undefined ? undefined : JSON.stringify(value),
    };
  } catch (err) {
    const { name, message: text } = err instanceof Error ? err : new Error(String(err));
    return { type: 'cache-reply', id: message.id, ok: false, error: { name, message: text } };
  }
}
