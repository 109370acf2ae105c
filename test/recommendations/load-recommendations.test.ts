import { describe, expect, it } from 'vitest';
import { loadRecommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER } from './feed';

// `loadRecommendations`: the server's snapshot of one `get`, where the shop renders (Node here).
// `@svc/react/server` and `@svc/vue/server` export this same function (test/react and test/vue).
const mock = useMockPlatform();
const TID = 'shop1';

const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));

describe('loadRecommendations', () => {
  it('resolves a plain snapshot of the items, asked for the visitor', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const snapshot = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 }, { visitorId: 'v-9' });
    expect(snapshot.status).toBe('ready');
    expect(snapshot.error).toBeNull();
    expect(snapshot.items.map((item) => item.id)).toEqual(['p2', 'p4', 'p1']);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot); // serialisable as it is
    const [request] = await recommendRequests();
    expect(request.url.searchParams.get('contextId')).toBe('v-9');
  });

  it('never rejects: empty, a refused option, a timeout and a failure are snapshots', async () => {
    expect(await loadRecommendations({ meta: { trackingId: 'no_such_shop' } })).toEqual({
      items: [],
      status: 'empty',
      error: { code: 'NO_RECOMMENDATIONS', message: expect.any(String) },
    });
    expect((await loadRecommendations({ meta: { trackingId: TID } }, { limit: 0 })).error?.code).toBe(
      'INVALID_ARGUMENT',
    );
    mock.platform.faults.set('recommend', { latencyMs: 200 });
    expect((await loadRecommendations({ meta: { trackingId: TID } }, { timeout: 50 })).error?.code).toBe('TIMEOUT');
    mock.platform.faults.set('recommend', { status: 503 });
    const failed = await loadRecommendations({ meta: { trackingId: TID } });
    expect([failed.status, failed.error?.code]).toEqual(['error', 'SERVER_ERROR']);
  });

  it("Global Privacy Control: the request's Sec-GPC, or gpc, sends no visitor id from anywhere", async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const everywhere = { meta: { trackingId: TID, visitorId: 'v-meta' } };
    await loadRecommendations(everywhere, { visitorId: 'v-config' }, { visitorId: 'v-9', headers: { 'sec-gpc': '1' } });
    await loadRecommendations(everywhere, {}, { visitorId: 'v-9', headers: new Headers({ 'Sec-GPC': '1' }) });
    await loadRecommendations(everywhere, {}, { visitorId: 'v-9', gpc: true });
    await loadRecommendations(everywhere, {}, { visitorId: 'v-9', gpc: false, headers: { 'sec-gpc': '1' } });
    const sent = (await recommendRequests()).map((request) => request.url.searchParams.get('contextId'));
    expect(sent).toEqual([null, null, null, 'v-9']);
  });

  it('a context it cannot read is an INVALID_ARGUMENT snapshot, nothing sent', async () => {
    const snapshot = await loadRecommendations({ meta: { trackingId: TID } }, {}, { gpc: 'yes' as never });
    expect(snapshot.error).toEqual({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('context.gpc') });
    expect(await recommendRequests()).toEqual([]);
  });
});
