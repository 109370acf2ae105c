// The demo's mock platform: @svc/mock with fixtures behind the MSW browser worker.
// Exposed as `window.svcMock` ({ platform, ready, exchanges, onExchange }) for the QA panel and
// the e2e tests. `exchanges` are the requests the page sent to the platform and the answers the
// mock gave, exactly as they crossed the worker (the QA panel's request/response view).
import { setupWorker } from 'msw/browser';
import { writeCookie } from '../src/core/cookies';
import { createHandlers, createMockPlatform, type MockPlatform } from '../src/mock';

/** The operators the platform's rules accept: the rules editor refuses others before sending. */
export { RULE_OPERATORS } from '../src/mock';

import * as scenarios from './scenario';

export { scenarios };

/** What this page load restored (a scenario imported or opened by link), or why it could not. */
export interface Restored {
  /** Where the scenario came from: the file's name, or `link`. */
  source: string;
  scenario?: scenarios.Scenario;
  /** Operations of the snapshot replayed, and those that threw (skipped). */
  operations?: number;
  failed?: number;
  /** Set when the scenario could not be restored: the page started from the fixtures instead. */
  error?: string;
}
let restored: Restored | undefined;
/** What this page load restored, if anything. */
export const restoredScenario = (): Restored | undefined => restored;

/** The scenario of this page now, for the QA panel's export (it adds the rules editor and widget settings). */
export const captureScenario = (qa: Parameters<typeof scenarios.captureScenario>[1]): scenarios.Scenario =>
  scenarios.captureScenario(platform, qa);

/**
 * A scenario staged by an import or a link (demo/scenario.ts) is restored here, before the SDK and
 * the page's code run: the platform from its snapshot, its faults and time, and the storefront's
 * storage and visitor cookies. Otherwise the platform with its fixtures: the demo catalog and
 * history, experiences and integrations of `demo_shop`.
 */
function createPlatform(): MockPlatform {
  let staged: ReturnType<typeof scenarios.stagedScenario>;
  try {
    staged = scenarios.stagedScenario();
  } catch (error) {
    restored = { source: 'staged scenario', error: (error as Error).message };
  }
  if (!staged) return createMockPlatform({ fixtures: true });
  const { scenario, source } = staged;
  try {
    const restoredPlatform = createMockPlatform({ state: scenario.snapshot });
    for (const [route, fault] of Object.entries(scenario.faults))
      restoredPlatform.faults.set(route as keyof typeof scenario.faults, fault);
    // The time of the export, not of the import: a real clock goes on from there.
    if (restoredPlatform.clock.now() !== scenario.clock.now) restoredPlatform.clock.set(scenario.clock.now);
    for (const [key, value] of Object.entries(scenario.page.storage)) localStorage.setItem(key, value);
    for (const key of scenarios.SHOP_STORAGE_KEYS) if (!(key in scenario.page.storage)) localStorage.removeItem(key);
    for (const [name, value] of Object.entries(scenario.page.cookies)) writeCookie(name, value);
    restored = {
      source,
      scenario,
      operations: restoredPlatform.restored.operations,
      failed: restoredPlatform.restored.failed.length,
    };
    return restoredPlatform;
  } catch (error) {
    restored = { source, error: (error as Error).message };
    return createMockPlatform({ fixtures: true });
  }
}

export const platform = createPlatform();

// A scenario link opened in a tab already on its page changes only the fragment: load it as a page.
addEventListener('hashchange', () => {
  if (location.hash.startsWith(scenarios.LINK_PREFIX)) location.reload();
});

// The storefront requires Trusted Types (scripts/demo-server.mjs). Its one policy lets the MSW
// worker's script URL and the QA overlay's (svc-qa.js, loaded by `svc.qa()`) through and nothing
// else: no other script URL, and no HTML at all.
const WORKER_URL = '/mockServiceWorker.js';
const SCRIPT_URLS = [WORKER_URL, '/dist/svc-qa.js'].map((path) => new URL(path, location.href).href);
type TrustedTypes = { createPolicy(name: string, rules: { createScriptURL(url: string): string | null }): unknown };
(globalThis as { trustedTypes?: TrustedTypes }).trustedTypes?.createPolicy('default', {
  createScriptURL: (url) => (SCRIPT_URLS.includes(new URL(url, location.href).href) ? url : null),
});

const worker = setupWorker(...createHandlers(platform));

/** One request to the platform and its answer, as the worker saw them. */
export interface Exchange {
  id: string;
  /** Which interface: recs, experiences, stash, events, integrations (the host's first label). */
  api: string;
  method: string;
  url: string;
  /** Request body as sent (text), if any. */
  requestBody: string;
  /** HTTP status of the answer; 0 for a network failure (the `offline` fault). */
  status?: number;
  responseBody?: string;
  /** Set once the outcome is known: the answer, a network failure, or the page's abort. */
  done: boolean;
  startedAt: number;
  /**
   * Set when the page gave up on the request before the answer came (its timeout, or the caller's
   * abort): the page never saw an answer, whatever the mock sends later. `reason` is `ABORTED`,
   * or the error code of the call when the QA panel knows it (`TIMEOUT`).
   */
  aborted?: { afterMs: number; reason: string };
  /** The mock's answer that came after the page had aborted (never seen by the page). */
  late?: { status: number; afterMs: number };
}

/** A request's body as text; a gzip events batch (`?encoding=gzip`) decompressed, so QA reads the JSON. */
async function bodyText(request: Request): Promise<string> {
  const copy = request.clone();
  if (new URL(copy.url).searchParams.get('encoding') !== 'gzip' || !copy.body) return copy.text();
  return new Response(copy.body.pipeThrough(new DecompressionStream('gzip'))).text();
}

/** The most recent exchanges, newest last (at most 200). */
export const exchanges: Exchange[] = [];
const listeners = new Set<(exchange: Exchange) => void>();
const byId = new Map<string, Exchange>();

/** Calls `listener` whenever an exchange starts or completes. Returns an unsubscribe. */
export function onExchange(listener: (exchange: Exchange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const publish = (exchange: Exchange) => {
  for (const listener of listeners) listener(exchange);
};
const isPlatform = (url: string) => new URL(url).hostname.endsWith('.svc.example');

// The page's own view of its platform requests: which of them it aborted, and the answer it got.
// The worker cannot tell the first (an aborted fetch still reaches the handler, which answers
// after its latency), and tells the second only where the browser can transfer a stream (MSW's
// `response:mocked`; WebKit cannot), so the page's fetch is observed here, before svc.min.js
// loads: each platform request is matched to the worker's exchange by method and URL, oldest first.
interface PageRequest {
  method: string;
  url: string;
  abortedAt?: number;
  exchange?: Exchange;
  answer?: Response;
}
const unmatched: PageRequest[] = [];
const pageFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = input instanceof Request ? input.url : new URL(String(input), location.href).href;
  const answer = pageFetch(input, init);
  if (!isPlatform(url)) return answer;
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  const request: PageRequest = {
    method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
    url,
  };
  unmatched.push(request);
  if (unmatched.length > 200) unmatched.shift();
  const onAbort = () => {
    request.abortedAt = Date.now();
    if (request.exchange) markAborted(request.exchange, request.abortedAt);
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  answer.then(
    (response) => {
      request.answer = response.clone();
      if (request.exchange) void markAnswered(request.exchange, request.answer);
    },
    () => {}, // a network failure or an abort: `request:end` and the abort say so
  );
  return answer;
};

function markAborted(exchange: Exchange, at: number): void {
  if (exchange.done) return;
  exchange.aborted = { afterMs: Math.max(0, at - exchange.startedAt), reason: 'ABORTED' };
  exchange.done = true;
  publish(exchange);
}

/** Names why the page aborted an exchange, when the caller knows (the QA panels: `TIMEOUT`). */
export function nameAbort(exchange: Exchange, reason: string): void {
  if (!exchange.aborted || exchange.aborted.reason === reason) return;
  exchange.aborted.reason = reason;
  publish(exchange);
}

worker.events.on('request:start', async ({ request, requestId }) => {
  if (!isPlatform(request.url)) return;
  const exchange: Exchange = {
    id: requestId,
    api: new URL(request.url).hostname.split('.')[0],
    method: request.method,
    url: request.url,
    requestBody: '',
    done: false,
    startedAt: Date.now(),
  };
  exchanges.push(exchange);
  if (exchanges.length > 200) byId.delete(exchanges.shift()!.id);
  byId.set(requestId, exchange);
  const index = unmatched.findIndex((r) => r.method === exchange.method && r.url === exchange.url);
  const pageRequest = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
  if (pageRequest) pageRequest.exchange = exchange;
  if (pageRequest?.abortedAt !== undefined) markAborted(exchange, pageRequest.abortedAt);
  if (pageRequest?.answer) void markAnswered(exchange, pageRequest.answer);
  exchange.requestBody = await bodyText(request).catch(() => '');
  publish(exchange);
});

/** The exchanges whose answer is kept (the most recent 400). */
const answered = new Set<string>();

/** Keeps the mock's answer on its exchange (whichever of the page and the worker tells first), once. */
async function markAnswered(exchange: Exchange, response: Response): Promise<void> {
  if (answered.has(exchange.id)) return;
  answered.add(exchange.id);
  if (answered.size > 400) answered.delete(answered.values().next().value!);
  if (exchange.aborted) {
    // Too late: the page had given up. Kept for QA, never shown as the call's answer.
    exchange.late = {
      status: response.type === 'error' ? 0 : response.status,
      afterMs: Date.now() - exchange.startedAt,
    };
    publish(exchange);
    return;
  }
  exchange.status = response.type === 'error' ? 0 : response.status;
  exchange.responseBody =
    response.type === 'error'
      ? '(network failure)'
      : await response
          .clone()
          .text()
          .catch(() => '');
  exchange.done = true;
  publish(exchange);
}

worker.events.on('response:mocked', ({ response, requestId }) => {
  const exchange = byId.get(requestId);
  if (exchange) void markAnswered(exchange, response);
});

// A network failure (the `offline` fault) never comes back as `response:mocked`: the handler has
// answered (`request:end`) but no response reaches the page. Normal answers follow `request:end`
// within milliseconds; one that has not after a second is shown as a network failure (a late
// answer still replaces that).
worker.events.on('request:end', ({ requestId }) => {
  const exchange = byId.get(requestId);
  if (!exchange || exchange.done) return;
  setTimeout(() => {
    if (exchange.done) return;
    exchange.status = 0;
    exchange.responseBody = '(network failure: no response reached the page)';
    exchange.done = true;
    publish(exchange);
  }, 1000);
});

// The real-time clock runs due tasks (schedules, recurring integrations, deferkv deliveries) when it
// is ticked: the handlers tick before every request, and this ticks every second, so they run on
// time on an idle page too, as on the platform.
if (!platform.clock.frozen) setInterval(() => platform.clock.tick(), 1000);

/**
 * Resolves once the service worker intercepts requests; the scenario this load restored is then
 * let go (a later reload starts from the fixtures).
 */
export const ready: Promise<unknown> = worker
  .start({ serviceWorker: { url: WORKER_URL }, onUnhandledFrame: 'bypass', quiet: true })
  .then((started) => {
    scenarios.releaseStagedScenario();
    return started;
  });

/**
 * A page opened by a scenario link (`#scenario=…`): once the platform is up (the service worker
 * then controls the page and the reload that follows), the scenario is read (asynchronously: it
 * is gzipped) and restored by loading the page again; the page shows nothing meanwhile. Rejects
 * with a ScenarioError for a damaged link (the page then starts as usual and says so).
 */
export const linkRestore: Promise<void> | undefined = location.hash.startsWith(scenarios.LINK_PREFIX)
  ? ready
      .then(() => scenarios.scenarioOfFragment(location.hash))
      .then(
        (scenario) => scenarios.restoreScenario(scenario, 'link'),
        (error: unknown) => {
          history.replaceState(null, '', location.pathname + location.search);
          restored = { source: 'link', error: (error as Error).message };
          throw error;
        },
      )
  : undefined;
