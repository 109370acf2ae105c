// @vitest-environment node
// The platform reference's full keys round-trip through `createStash` and `svc-mock serve` over real HTTP (no MSW
// in this process), as they do through the MSW handlers (stash.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEndpoints } from '../../src/core/endpoints';
import { createStash } from '../../src/stash';
import { type Child, kill9, startServer } from '../mock/server/child';
import { routeInFront, throughRoute } from '../support/through-route';
import { platform } from './cite';

let server: Child;
let route: { close(): Promise<void> } | undefined;
beforeAll(async () => {
  server = await startServer([]);
  // The route variant (through-route/): the platform route over HTTP in front of svc-mock serve.
  if (throughRoute()) route = await routeInFront(server.url);
  else setEndpoints({ stash: server.url });
});
afterAll(async () => {
  setEndpoints({});
  await route?.close();
  await kill9(server.process);
});

const snapshot = async (trackingId: string) =>
  ((await (await fetch(`${server.url}/__svc/inspect/stash/snapshot/${trackingId}`)).json()) as { public: object })
    .public;

describe("svc-mock serve keeps the platform reference's full keys", () => {
  it(
    platform('| client key prefix | `<namespace>:` when the namespace option is set, then `<visitorId>:`'),
    async () => {
      const kv = createStash('kv', 'shop_http', { namespace: 'ns', useVisitorId: true, visitorId: 'v1' });
      await kv.set('colour', 'blue');
      await createStash('kv', 'shop_http', { useVisitorId: true, visitorId: 'visitor-1' }).set('cart', '["sku-1"]');
      expect(await snapshot('shop_http')).toEqual({ 'ns:v1:colour': 'blue', 'visitor-1:cart': '["sku-1"]' });
      expect(await kv.get('colour')).toBe('blue');
      const raw = await fetch(`${server.url}/stash/v1.1/kv/get/shop_http/public/visitor-1:cart`);
      expect(await raw.json()).toEqual({ status: 200, data: '["sku-1"]' });
    },
  );
});
