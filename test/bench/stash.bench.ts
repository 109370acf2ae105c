import { setupServer } from 'msw/node';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { createStash } from '../../src/stash';
import { type Row, round } from './types';

// get of 100 keys against the mock with 20 ms latency per request: one get(keys) (getbatch of 10,
// in parallel) versus one get(key) per key, awaited one after another and all at once.
const KEYS = 100;
const LATENCY_MS = 20;

export default async function (): Promise<Row[]> {
  const platform = createMockPlatform();
  const server = setupServer(...createHandlers(platform));
  let requests = 0;
  server.events.on('request:start', () => requests++);
  server.listen({ onUnhandledFrame: 'error' });
  const keys = Array.from({ length: KEYS }, (_, i) => `key${i}`);
  const credential = platform.admin.stash.createCredential('bench');
  for (const key of keys) platform.admin.stash.set(credential, key, `value ${key}`, 'public');
  platform.faults.set('stash', { latencyMs: LATENCY_MS });
  const stash = createStash('kv', 'bench');

  const measure = async (metric: string, run: () => Promise<number>): Promise<Row[]> => {
    requests = 0;
    const start = performance.now();
    const found = await run();
    const ms = performance.now() - start;
    if (found !== KEYS) throw new Error(`${metric}: found ${found} of ${KEYS} values`);
    const note = `${KEYS} keys, ${LATENCY_MS} ms latency per request`;
    return [
      { bench: 'stash', metric: `${metric}: requests`, value: requests, note },
      { bench: 'stash', metric: `${metric}: wall time`, value: round(ms, 1), unit: 'ms', note },
    ];
  };

  const rows = [
    ...(await measure('get(100 keys)', async () => Object.keys(await stash.get(keys)).length)),
    ...(await measure('get(key) × 100, one after another', async () => {
      let found = 0;
      for (const key of keys) if ((await stash.get(key)) !== undefined) found++;
      return found;
    })),
    ...(await measure(
      'get(key) × 100, all at once',
      async () => (await Promise.all(keys.map((key) => stash.get(key)))).filter((v) => v !== undefined).length,
    )),
  ];
  server.close();
  return rows;
}
