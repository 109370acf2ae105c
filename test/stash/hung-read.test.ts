// Issue 33, point 5: a read that hangs must not poison later reads. Single-flight shares a request
// only with reads of the same client started in the same event-loop turn; the default timeout is finite.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { STASH_DEFAULTS } from '../../src/stash/options';
import { useMockPlatform } from '../support/mock-server';
import { BASE } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });

/** Answers every kv get with HTTP 200 headers and a body that never ends; `release()` lets later gets through. */
function hangGets() {
  let hanging = true;
  const pending: ReadableStreamDefaultController[] = [];
  mock.server.use(
    http.get(`${BASE}/kv/get/*`, () => {
      if (!hanging) return undefined;
      const body = new ReadableStream({ start: (controller) => void pending.push(controller) });
      return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    release() {
      hanging = false;
    },
    /** Ends the hung bodies, so that the test leaves nothing open. */
    end() {
      for (const controller of pending) controller.error(new Error('test over'));
    },
  };
}

/** `promise`, or a rejection saying it is still pending after 2 s (a poisoned read would wait forever). */
const settled = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still pending after 2 s')), 2000)),
  ]);
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));
const gets = async () => (await mock.sent()).filter((r) => r.method === 'GET').map((r) => r.url.href);

describe('a hung read does not poison later reads', () => {
  it('a later identical read of the same client sends its own request once the server recovers', async () => {
    await createStash('kv', 'shop1').set('k', 'v');
    const server = hangGets();
    const stash = createStash('kv', 'shop1', { timeout: 0 });
    const hung = stash.get('k');
    hung.catch(() => {});
    await nextTurn();
    server.release();
    await expect(settled(stash.get('k'))).resolves.toBe('v');
    expect(await gets()).toEqual([`${BASE}/kv/get/shop1/public/k`, `${BASE}/kv/get/shop1/public/k`]);
    server.end();
  });

  it('a read of another client with the same options never joins the first client’s request', async () => {
    await createStash('kv', 'shop1').set('k', 'v');
    const server = hangGets();
    const hung = createStash('kv', 'shop1', { timeout: 0 }).get('k');
    hung.catch(() => {});
    server.release();
    // Same turn, same request: still another client, so another request.
    await expect(settled(createStash('kv', 'shop1', { timeout: 0 }).get('k'))).resolves.toBe('v');
    expect(await gets()).toHaveLength(2);
    server.end();
  });

  it('reads of one client in one turn still share a request', async () => {
    await createStash('kv', 'shop1').set('k', 'v');
    const stash = createStash('kv', 'shop1');
    await expect(settled(Promise.all([stash.get('k'), stash.get('k')]))).resolves.toEqual(['v', 'v']);
    expect(await gets()).toHaveLength(1);
  });

  it('the default timeout is finite (5 s, like Algolia’s read timeout): a hung read ends with TIMEOUT', async () => {
    expect(STASH_DEFAULTS.timeout).toBe(5000);
    const server = hangGets();
    // The default itself: a shorter explicit value would prove nothing.
    const error = await createStash('kv', 'shop1')
      .get('k')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('within 5000 ms') });
    server.end();
  }, 10_000);
});
