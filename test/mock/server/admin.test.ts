import { describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../../../src/mock';
import { adminResponse } from '../../../src/mock/server/admin';

// The admin API's routing in-process (the child-process tests run it over HTTP).
function target() {
  let platform: MockPlatform = createMockPlatform({ now: '2026-11-21T12:00:00Z' });
  return {
    platform: () => platform,
    reset: () => {
      platform = createMockPlatform({ now: '2026-11-21T12:00:00Z' });
    },
    load: () => {},
  };
}
const call = async (method: string, path: string, body?: unknown) => {
  const init = body === undefined ? { method } : { method, body: JSON.stringify(body) };
  const response = await adminResponse(new Request(`http://127.0.0.1/__svc/${path}`, init), target());
  return { status: response.status, body: await response.json() };
};

describe('adminResponse', () => {
  it('routes each section: the clock, faults, inspect, admin', async () => {
    expect((await call('GET', 'clock')).body).toMatchObject({ iso: '2026-11-21T12:00:00.000Z', frozen: true });
    expect((await call('PUT', 'faults/stash', { status: 503 })).body).toEqual({ stash: { status: 503 } });
    expect((await call('GET', 'inspect/events/trackingIds')).body).toEqual([]);
    expect((await call('GET', 'admin/events/clear')).status).toBe(405);
  });

  it.each(['constructor', '__proto__', 'toString', 'nothing'])(
    'an unknown section (%s) is a 404 naming the route',
    async (section) => {
      const { status, body } = await call('GET', section);
      expect(status).toBe(404);
      expect(body.message).toBe(`no admin route GET /__svc/${section}`);
    },
  );
});
