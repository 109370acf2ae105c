// @vitest-environment node
// A refused admin call changes nothing: each admin call that takes a list or a record, sent to
// `svc-mock serve --state` with one bad element among good ones, answers 400, and the platform's
// state is the same after it as before, live and after a restart from the journal. A call that
// applied its good elements before refusing the bad one changed the live state but journalled
// nothing, so the two disagreed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server';

const START = '2026-11-21T12:00:00Z';
const AT = Date.parse(START);
let dir: string;
let file: string;
let server: MockServer | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-refused-'));
  file = join(dir, 'state.jsonl');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const start = async () => {
  server = await startMockServer({ port: 0, state: file, fixtures: true, clock: START });
  return server;
};

/** `POST /__svc/admin/{path}` with the arguments as JSON. */
async function admin(path: string, args: unknown[]): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server!.url}/__svc/admin/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: await response.json() };
}

/** The rules a recommendation of `demo_shop` considers (global, promotions, experience 1's), as the wire says. */
async function rulesConsidered(): Promise<unknown> {
  const url = `${server!.url}/vc/recommend/2.1/demo_shop?strategy=popular&n=1&experienceId=1&debug=True`;
  const response = await fetch(url, { method: 'POST', body: '{"h":["all"]}' });
  const body = (await response.json()) as { result: { rules?: Array<Record<string, unknown>> } };
  return body.result.rules?.map(({ source, name, condition, factor }) => ({ source, name, condition, factor }));
}

/** Everything the platform holds that an admin call can change, read back through its readers and the wire. */
async function stateOf(): Promise<Record<string, unknown>> {
  const platform = server!.platform();
  const ids = platform.properties
    .list()
    .map((p) => p.trackingId)
    .sort();
  const perProperty = (read: (trackingId: string) => unknown) => Object.fromEntries(ids.map((id) => [id, read(id)]));
  return {
    properties: platform.properties.list(),
    feed: perProperty((id) => platform.inspect.recommend.feed(id)),
    catalog: perProperty((id) => platform.inspect.recommend.catalog(id)),
    rules: await rulesConsidered(),
    experiences: perProperty((id) => platform.admin.experiences.list(id)),
    integrations: platform.admin.integrations.list(),
    stash: perProperty((id) => ({ ...platform.inspect.stash.snapshot(id) })),
    events: platform.inspect.events.stats(),
    // A secret is sealed again, with a new nonce, when a restart replays it: its fingerprint tells its value.
    operations: JSON.parse(
      JSON.stringify(platform.snapshot().operations, (key, value) => (key === 'sealed' ? undefined : value)),
    ),
  };
}

const goodRule = { name: 'in stock', condition: { '>': [{ var: 'rec.stock' }, 0] }, factor: 1.5 };
const badRule = { name: 'no factor', condition: { '==': [1, 1] } };
const aView = (productId: unknown) => ({ kind: 'view', visitorId: 'v-new', productId, at: AT - 1000 });
const aRow = (id: unknown) => ({ id, categories: ['new'], locales: { 'en-GBP': { name: 'New', unit_price: 5 } } });

/** Each admin call with a list or a record, given one bad element among good ones. */
const BAD_ELEMENT: Record<string, (credential: string) => unknown[]> = {
  createProperty: () => ['demo_shop', { cookieDomains: ['.other.example', 5] }],
  'recommend.loadFeed': () => ['demo_shop', [aRow('p-new'), aRow(5)]],
  'recommend.setGlobalRules': () => ['demo_shop', [goodRule, badRule]],
  'recommend.setExperienceRules': () => ['demo_shop', '1', [goodRule, badRule]],
  'recommend.setPromotions': () => ['demo_shop', [{ name: 'ok', condition: goodRule.condition }, { name: 'bad' }]],
  'recommend.recordInteractions': () => ['demo_shop', [aView('p-new'), aView(5)]],
  'stash.set': (credential) => [credential, 'note', 5],
  'experiences.create': () => ['shop_new', { name: 'New', variations: [{ weight: 1 }, { weight: -1 }] }],
  'experiences.addIteration': () => ['demo_shop', 1, { variations: [{ weight: 1 }, { weight: 0 }] }],
  'integrations.create': () => ['demo_shop', { name: 'new-one', secrets: { A: 'a', B: 5 } }],
  'integrations.update': () => [
    'demo_shop',
    'welcome-email',
    { settings: { timeout: 5000, rateLimits: [{ limit: 1, interval: 'hour' }] }, description: 5 },
  ],
  'integrations.setSecrets': () => ['demo_shop', 'welcome-email', { NEW_KEY: 'new', KEPT: 'changed', BAD: 5 }],
};

/** Admin calls that take no list or record, so that none of their input can be applied in part. */
const SINGLE_VALUES = [
  'events.clear',
  'stash.createCredential',
  'stash.revokeCredential',
  'stash.remove',
  'experiences.publish',
  'experiences.archive',
  'integrations.deleteSecret',
  'integrations.remove',
];
const READERS = ['experiences.get', 'experiences.list', 'integrations.get', 'integrations.list'];

describe('a refused admin call changes nothing, live or after a restart', () => {
  it('the table names every admin call', async () => {
    const platform = (await start()).platform();
    const calls = Object.entries(platform.admin).flatMap(([area, value]) =>
      typeof value === 'function' ? [area] : Object.keys(value).map((method) => `${area}.${method}`),
    );
    expect([...Object.keys(BAD_ELEMENT), ...SINGLE_VALUES, ...READERS].sort()).toEqual(calls.sort());
  });

  it.each(Object.keys(BAD_ELEMENT))('%s with one bad element: 400, the state as before', async (call) => {
    await start();
    // State of the server's own before the call: a secret, a credential, a stash value (each journalled).
    expect((await admin('integrations/setSecrets', ['demo_shop', 'welcome-email', { KEPT: 'kept' }])).status).toBe(200);
    const credential = (await admin('stash/createCredential', ['demo_shop'])).body as string;
    expect((await admin('stash/set', [credential, 'note', 'kept'])).status).toBe(200);
    const before = await stateOf();

    const refused = await admin(call.replace('.', '/'), BAD_ELEMENT[call](credential));
    expect(refused.status).toBe(400);
    expect(await stateOf()).toEqual(before);

    await server!.close();
    await start();
    expect(server!.platform().restored.failed).toEqual([]);
    expect(await stateOf()).toEqual(before);
  });
});
