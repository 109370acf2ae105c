// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setEndpoints } from '../../../src/core/endpoints';
import { createExperiencesClient } from '../../../src/experiences';
import { createIntegration } from '../../../src/integrations';
import { createStash } from '../../../src/stash';
import { type Child, kill9, runCli, startServer, stop } from './child';
import { distDir, ssrExample } from './readme';

// `svc-mock serve` as a child process on a free port, over real HTTP (no MSW in this process).
let dir: string;
const children: Child[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mock-server-'));
});
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => kill9(child.process)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(args: string[]): Promise<Child> {
  const child = await startServer(args);
  children.push(child);
  return child;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const json = async <T = unknown>(response: Promise<Response> | Response): Promise<T> =>
  (await response).json() as Promise<T>;

let eventSeq = 0;
const productEvent = (productId: string, visitorId: string) => ({
  meta: {
    id: `ev-${++eventSeq}-${visitorId}`,
    type: 'ecProduct',
    ts: Date.now(),
    visitorId,
    pageViewId: 'pv-1',
    seq: eventSeq,
    url: '/',
  },
  data: {
    eventType: 'detail',
    product: {
      productId,
      name: `Product ${productId}`,
      categories: ['Jackets'],
      price: { value: 20, currency: 'GBP' },
    },
  },
});
const sendEvents = (url: string, trackingId: string, events: unknown[]) =>
  post(
    `${url}/events/v1/${trackingId}`,
    { sentAt: Date.now(), events },
    { 'Content-Type': 'text/plain;charset=UTF-8' },
  );

describe('svc-mock serve over real HTTP', () => {
  it('prints its URL and the setEndpoints call', async () => {
    const { stdout, url } = await start([]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stdout).toContain(
      `setEndpoints({"recs":"${url}","experiences":"${url}","stash":"${url}","events":"${url}","integrations":"${url}"});`,
    );
  });

  it('serves recommendations, events the engine learns from, stash, experiences, integrations; and a rendered shop page', async () => {
    const { url } = await start([]);
    setEndpoints({ recs: url, experiences: url, stash: url, events: url, integrations: url });
    const recommend = (trackingId: string) =>
      json<{ status: number; result: { items: { id: string }[] } }>(
        post(
          `${url}/vc/recommend/2.1/${trackingId}?strategy=popular&n=3`,
          { h: ['all'] },
          { 'Content-Type': 'application/json' },
        ),
      );

    // recommendations of the fixtures
    const fixtures = await recommend('demo_shop');
    expect(fixtures.status).toBe(200);
    expect(fixtures.result.items).toHaveLength(3);

    // an events batch the engine learns from: a new property's most viewed product comes first
    expect((await recommend('acme')).result.items).toEqual([]);
    const batch = [
      productEvent('boots', 'v1'),
      productEvent('boots', 'v2'),
      productEvent('boots', 'v3'),
      productEvent('hat', 'v1'),
    ];
    expect(await json(sendEvents(url, 'acme', batch))).toEqual({ status: 200, accepted: 4, duplicates: 0 });
    expect((await recommend('acme')).result.items.map((i) => i.id)).toEqual(['boots', 'hat']);

    // stash kv, deferkv, ts, count, with the stash client
    const kv = createStash('kv', 'acme');
    await kv.set('greeting', 'hello');
    expect(await kv.get('greeting')).toBe('hello');
    const deferkv = createStash('deferkv', 'acme');
    const at = Math.floor(Date.now() / 1000) + 3600;
    await deferkv.set('basket', 'b-1', at, 'cart-reminder');
    expect(await deferkv.get('basket', at)).toEqual({ value: 'b-1', route: 'cart-reminder' });
    const ts = createStash('ts', 'acme');
    const now = await ts.set('last-visit');
    expect(await ts.get('last-visit')).toBe(now);
    const count = createStash('count', 'acme');
    const counted = await count.increment('visits', 'date');
    const [counterKey] = Object.keys(counted);
    expect(await count.get(counterKey)).toBe(1);

    // experiences GET and callback, with the experiences client; the view is recorded
    const experiences = createExperiencesClient({ trackingId: 'demo_shop' });
    const result = await experiences.getExperiences({ contextId: 'visitor-1', experienceIds: [1] });
    expect(result.experiencePayloads).toHaveLength(1);
    expect(result.experiencePayloads[0].callback.startsWith(`${url}/v1/callback?data=`)).toBe(true);
    expect((await experiences.seen(result.experiencePayloads[0], result.contextId)).ok).toBe(true);
    const views = await json<{ contextId: string }[]>(fetch(`${url}/__svc/inspect/experiences/views/demo_shop`));
    expect(views.map((v) => v.contextId)).toEqual(['visitor-1']);

    // an integration execute, with the integrations client
    const execution = await createIntegration('welcome-email', { trackingId: 'demo_shop' }).execute(
      { to: 'a@shop.example' },
      { key: { email: 'a@shop.example' } },
    );
    expect(execution.result).toMatchObject({ sent: true, count: 1 });
    const runs = await json<{ executionId: string }[]>(
      post(`${url}/__svc/inspect/integrations/runs`, [{ trackingId: 'demo_shop' }], {
        'Content-Type': 'application/json',
      }),
    );
    expect(runs.map((r) => r.executionId)).toEqual([execution.executionId]);

    // the README's server-side rendering example, a separate Node process, against the server
    const expected = (await experiences.getExperiences({ contextId: 'shopper-7', experienceIds: [1] }))
      .experiencePayloads[0];
    const shopFile = join(dir, 'shop.mjs');
    writeFileSync(
      shopFile,
      ssrExample().replace("'@svc/experiences'", `'${pathToFileURL(join(distDir, 'experiences', 'index.js')).href}'`),
    );
    const shop = spawn(process.execPath, [shopFile], {
      env: { ...process.env, SVC_MOCK_URL: url, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const shopUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        shop.stdout.on('data', (chunk: Buffer) => {
          out += chunk;
          const match = /shop on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]);
        });
        shop.on('exit', (code) => reject(new Error(`shop.mjs exited with ${code}`)));
      });
      const page = await fetch(shopUrl, { headers: { cookie: '_svcTracker=shopper-7' } });
      const headline = expected.isControl ? 'Welcome' : String(expected.payload.headline);
      expect(await page.text()).toBe(
        `<!doctype html><h1>${headline.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</h1>`,
      );
      const after = await json<{ contextId: string }[]>(fetch(`${url}/__svc/inspect/experiences/views/demo_shop`));
      expect(after.map((v) => v.contextId)).toEqual(['visitor-1', 'shopper-7']);
      // a new visitor: the platform generated the id, the page sets the cookie
      const first = await fetch(shopUrl);
      expect(first.headers.get('set-cookie')).toMatch(/^_svcTracker=[a-z0-9-]+;/);
    } finally {
      shop.kill('SIGKILL');
    }
  }, 60_000);

  it('a port in use is a one-line error naming it, exit code 1', async () => {
    const { url } = await start([]);
    const port = new URL(url).port;
    const { code, stderr } = await runCli(['serve', '--port', port]);
    expect(code).toBe(1);
    expect(stderr).toBe(`svc-mock: port ${port} is already in use (choose another with --port)\n`);
  });

  it('--help prints the usage, exit code 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      'usage: svc-mock serve [--port 4010] [--host 127.0.0.1] [--state <file>] [--no-fixtures] [--clock real | <ISO time>] [--allow-origin <origin>[,<origin>...]]\n',
    );
  });

  it('bad flags are a one-line usage error, exit code 1', async () => {
    const { code, stderr } = await runCli(['serve', '--clock', 'soon']);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^svc-mock: --clock must be "real" or an ISO time .*; usage: svc-mock serve \[--port 4010\]/,
    );
  });
});

describe('svc-mock serve --state', () => {
  /** Stash sets and events batches, `concurrency` at a time; the ones acknowledged are recorded. */
  async function writeLoad(
    url: string,
    sets: string[],
    batches: string[][],
    acked: { keys: Set<string>; events: Set<string> },
    concurrency = 8,
  ) {
    const setTasks = sets.map((key) => async () => {
      const reply = await json<{ status: number }>(
        post(`${url}/stash/v1.1/kv/set/shop/public/${key}`, { data: `value of ${key}` }),
      );
      if (reply.status === 200) acked.keys.add(key);
    });
    const batchTasks = batches.map((ids) => async () => {
      const events = ids.map((id) => ({ ...productEvent('p1', 'v'), meta: { ...productEvent('p1', 'v').meta, id } }));
      // a batch resent after the restart may already be held (it reached the journal unacknowledged): duplicates
      const reply = await json<{ status: number; accepted: number; duplicates: number }>(
        sendEvents(url, 'shop', events),
      );
      if (reply.status === 200 && reply.accepted + reply.duplicates === ids.length)
        for (const id of ids) acked.events.add(id);
    });
    // interleaved: a few sets, a batch, a few sets, ...
    const tasks: (() => Promise<void>)[] = [];
    const perBatch = Math.ceil(setTasks.length / Math.max(1, batchTasks.length));
    while (setTasks.length || batchTasks.length) {
      tasks.push(...setTasks.splice(0, perBatch));
      const batch = batchTasks.shift();
      if (batch) tasks.push(batch);
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tasks.length) await tasks[next++]().catch(() => undefined); // a request cut by the kill
      }),
    );
  }

  async function holds(url: string) {
    const stash = await json<{ public: Record<string, string> }>(fetch(`${url}/__svc/inspect/stash/snapshot/shop`));
    const events = await json<{ meta: { id: string } }[]>(fetch(`${url}/__svc/inspect/events/received/shop`));
    return { keys: stash.public, events: new Set(events.map((e) => e.meta.id)) };
  }

  it('every acknowledged stash set and event survives kill -9; a torn last record still loads', async () => {
    const state = join(dir, 'kill.jsonl');
    const sets = Array.from({ length: 1000 }, (_, i) => `key-${i}`);
    const batches = Array.from({ length: 200 }, (_, b) => Array.from({ length: 5 }, (_, i) => `event-${b}-${i}`));
    const acked = { keys: new Set<string>(), events: new Set<string>() };

    const first = await start(['--no-fixtures', '--state', state]);
    // kill -9 in the middle of the load, with requests in flight
    const killer = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (acked.keys.size + acked.events.size / 5 >= 500) {
          clearInterval(check);
          void kill9(first.process).then(resolve);
        }
      }, 5);
    });
    await Promise.all([writeLoad(first.url, sets, batches, acked), killer]);
    expect(acked.keys.size).toBeGreaterThan(300);
    expect(acked.keys.size).toBeLessThan(1000);

    // restart on the same file: everything acknowledged is there; then the rest of the load
    const second = await start(['--no-fixtures', '--state', state]);
    let held = await holds(second.url);
    for (const key of acked.keys) expect(held.keys[key]).toBe(`value of ${key}`);
    for (const id of acked.events) expect(held.events.has(id)).toBe(true);
    await writeLoad(
      second.url,
      sets.filter((k) => !acked.keys.has(k)),
      batches.filter((b) => !acked.events.has(b[0])),
      acked,
    );
    expect(acked.keys.size).toBe(1000);
    expect(acked.events.size).toBe(1000);
    await kill9(second.process);

    // a crash in the middle of the last record: it is ignored, the rest loads
    const lines = readFileSync(state, 'utf8').trimEnd().split('\n');
    const torn = JSON.parse(lines.at(-1)!) as { op: string; args: unknown[] };
    truncateSync(state, readFileSync(state).length - 15);
    const third = await start(['--no-fixtures', '--state', state]);
    expect(third.stdout).toContain(`state: ${state} (${lines.length - 2} operations restored)`); // all but the header and the torn one
    held = await holds(third.url);
    // whatever is missing was in the torn record (one stash set or one batch of 5)
    const inTorn = JSON.stringify(torn.args);
    const missing = [
      ...[...acked.keys].filter((key) => held.keys[key] !== `value of ${key}`),
      ...[...acked.events].filter((id) => !held.events.has(id)),
    ];
    expect(missing.length).toBeLessThanOrEqual(5);
    for (const item of missing) expect(inTorn).toMatch(new RegExp(`${item}(?!\\d)`));
    await stop(third.process);
  }, 180_000);

  it('a second server on the same state file is refused with a clear message', async () => {
    const state = join(dir, 'shared.jsonl');
    const first = await start(['--state', state, '--no-fixtures']);
    const { code, stderr } = await runCli(['serve', '--port', '0', '--state', state]);
    expect(code).toBe(1);
    expect(stderr).toBe(
      `svc-mock: ${state} is in use by another svc-mock server (pid ${first.process.pid}, lock file ${state}.lock); two servers cannot share one state file\n`,
    );
    // the first one still serves
    expect(
      (await json<{ status: number }>(post(`${first.url}/stash/v1.1/kv/set/shop/public/k`, { data: 'v' }))).status,
    ).toBe(200);
  });

  it('a state file of an older version is refused, naming the file, and left as it was', async () => {
    const state = join(dir, 'old.jsonl');
    const old = '{"format":"svc-mock-state","version":0,"createdAt":1,"clock":"real","fixtures":false}\n';
    writeFileSync(state, old);
    const { code, stderr } = await runCli(['serve', '--port', '0', '--state', state]);
    expect(code).toBe(1);
    expect(stderr).toBe(`svc-mock: ${state}: state version 0 is not supported: this svc-mock reads version 1\n`);
    expect(readFileSync(state, 'utf8')).toBe(old);
  });
});
