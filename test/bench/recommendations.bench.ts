import { setupServer } from 'msw/node';
import { request } from '../../src/core/http';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { recommendations } from '../../src/recommendations';
import { clientRows } from './client-rows';
import { interleaved, type Row } from './types';

// Overhead of get() over a bare fetch of the same mocked request: msw/node in front of @svc/mock,
// the platform answering a fixed 10-item body (so the engine's time is not in either figure),
// measured side by side in one run, in rotating order, one sample of each per round.
const ROUNDS = 2_000;
const WARMUP = 200;

export default async function (): Promise<Row[]> {
  const platform = createMockPlatform();
  const items = Array.from({ length: 10 }, (_, i) => ({
    id: `p${i}`,
    weight: 10 - i,
    strategy: 'popular',
    details: { id: `p${i}`, name: `Product ${i}`, unit_price: 10 + i, currency: 'GBP' },
  }));
  platform.faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
  const server = setupServer(...createHandlers(platform));
  server.listen({ onUnhandledFrame: 'error' });

  const client = recommendations(
    { meta: { trackingId: 'bench_shop', visitorId: 'bench-visitor' } },
    { strategy: 'popular', limit: 10 },
  );
  const url = 'https://recs.svc.example/vc/recommend/2.1/bench_shop?strategy=popular&n=10&contextId=bench-visitor';
  const viaGet = async () => {
    const list = await client.get();
    if (list.length !== 10) throw new Error('get() returned the wrong items');
  };
  const viaFetch = async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"h":["all"]}',
    });
    const body = await response.json();
    if (body.result.items.length !== 10) throw new Error('fetch returned the wrong items');
  };
  // The HTTP layer alone (fetch + timeout + envelope check), to tell its share of the overhead from the client's.
  const viaCore = async () => {
    const body = await request<{ result: { items: unknown[] } }>(url, { method: 'POST', json: { h: ['all'] } });
    if (body.result.items.length !== 10) throw new Error('request() returned the wrong items');
  };
  const [get, bare, core] = await interleaved([viaGet, viaFetch, viaCore], ROUNDS, WARMUP);
  server.close();

  const note = `median of ${ROUNDS} interleaved rounds, msw/node + @svc/mock, fixed 10-item answer`;
  return clientRows('recommendations', 'get()', { client: get, bare, core }, note);
}
