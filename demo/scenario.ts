// Scenarios: the whole situation of the demo (the mock platform's state, its faults and clock, the
// QA panel's rules, the storefront's settings, basket, locale and visitor, and the page's URL) as
// one JSON object that QA exports and a developer imports, from a file or a link, to replay a bug.
// Bundled into dist/demo/mock.js (it checks the platform's snapshot with @svc/mock) and reached by
// the page through `window.svcMock.scenarios`.
//
// A scenario is restored by a fresh page load: it is staged in sessionStorage and the page loads at
// its URL; mock.js then creates the platform from it before the SDK and the page's code run.

import { readCookie } from '../src/core/cookies';
import { PERMANENT_COOKIE, VISITOR_COOKIE } from '../src/core/visitor-id';
import { type Fault, InvalidStateError, type MockPlatform, type Route, type StateSnapshot } from '../src/mock';
import { checkSnapshot } from '../src/mock/platform/state/format';

export const SCENARIO_FORMAT = 'svc-demo-scenario';
/** The version this demo writes and reads; a scenario of another version is refused. */
export const SCENARIO_VERSION = 1;
/** The fragment of a scenario link: `#scenario=<gzip, base64url>`. */
export const LINK_PREFIX = '#scenario=';
/**
 * The longest link "Copy link" makes, in characters. Browsers take longer URLs (Chromium 2 MB), but
 * chat tools and trackers cut or refuse them well before; a bigger scenario is exported as a file.
 */
export const MAX_LINK_LENGTH = 32_000;

/** The shop's localStorage entries a scenario carries: the basket and the locale. */
export const SHOP_STORAGE_KEYS = ['demo.basket', 'demo.locale'];
/** The visitor cookies a scenario carries: the same visitor id, so the same personal history and stash keys. */
export const VISITOR_COOKIES = [VISITOR_COOKIE, PERMANENT_COOKIE];

const ROUTES: readonly Route[] = ['recommend', 'experiences', 'callback', 'stash', 'events', 'integrations'];

/** What the storefront keeps outside the platform. */
export interface ScenarioPage {
  /** The settings "Apply" gave the storefront's widgets (the Recommendations panel). */
  widgets: { limit: number; timeout: number; rules?: unknown[] };
  /** localStorage entries of the shop: `demo.basket` and `demo.locale` (absent: not set). */
  storage: Record<string, string>;
  /** The visitor cookies (`_svcTracker`, `svc_permanent`), so the visitor id and its stash keys are the same. */
  cookies: Record<string, string>;
}

export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  version: typeof SCENARIO_VERSION;
  /** The page's path and query on the demo (the restored page opens there; the origin is the importer's own). */
  url: string;
  /** `platform.snapshot()`: the same format as the mock server's `--state`. */
  snapshot: StateSnapshot;
  /** `platform.faults.list()`: faults are not part of the snapshot. */
  faults: Partial<Record<Route, Fault>>;
  /** The Recommendations panel's rules editor, as typed (also when invalid or not applied). */
  rules: string;
  /** Platform time when exported (epoch ms): the restored platform continues from there. */
  clock: { now: number; frozen: boolean };
  page: ScenarioPage;
}

/** A scenario that cannot be used, with the reason in one line. */
export class ScenarioError extends Error {
  readonly code = 'INVALID_SCENARIO';
  constructor(reason: string) {
    super(reason);
    this.name = 'ScenarioError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringRecord = (v: unknown): v is Record<string, string> =>
  isObject(v) && Object.values(v).every((x) => typeof x === 'string');

/** Checks a parsed scenario; throws ScenarioError naming the first thing wrong. */
export function checkScenario(value: unknown): Scenario {
  if (!isObject(value) || value.format !== SCENARIO_FORMAT)
    throw new ScenarioError(`not a demo scenario (expected "format": "${SCENARIO_FORMAT}")`);
  if (value.version !== SCENARIO_VERSION) {
    throw new ScenarioError(
      `scenario version ${JSON.stringify(value.version)} is not supported: this demo reads version ${SCENARIO_VERSION}`,
    );
  }
  const { url, faults, rules, clock, page } = value;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//'))
    throw new ScenarioError('url must be a path of the demo, starting with "/"');
  let snapshot: StateSnapshot;
  try {
    snapshot = checkSnapshot(value.snapshot, 'snapshot');
  } catch (error) {
    if (error instanceof InvalidStateError) throw new ScenarioError(error.message);
    throw error;
  }
  if (!isObject(faults)) throw new ScenarioError('faults must be an object of route -> fault');
  for (const [route, fault] of Object.entries(faults)) {
    if (!ROUTES.includes(route as Route))
      throw new ScenarioError(`faults.${route} is not a route (${ROUTES.join(', ')})`);
    if (!isObject(fault)) throw new ScenarioError(`faults.${route} must be a fault object`);
  }
  if (typeof rules !== 'string') throw new ScenarioError('rules must be the rules editor text (a string)');
  if (!isObject(clock) || !Number.isFinite(clock.now) || typeof clock.frozen !== 'boolean')
    throw new ScenarioError('clock must be {"now": <epoch ms>, "frozen": <boolean>}');
  if (!isObject(page)) throw new ScenarioError('page must be an object');
  const widgets = page.widgets;
  if (
    !isObject(widgets) ||
    !Number.isFinite(widgets.limit) ||
    !Number.isFinite(widgets.timeout) ||
    (widgets.rules !== undefined && !Array.isArray(widgets.rules))
  ) {
    throw new ScenarioError('page.widgets must be {"limit": <n>, "timeout": <ms>, "rules"?: [...]}');
  }
  if (!isStringRecord(page.storage)) throw new ScenarioError('page.storage must be an object of strings');
  if (!isStringRecord(page.cookies)) throw new ScenarioError('page.cookies must be an object of strings');
  return { ...(value as unknown as Scenario), snapshot };
}

/** The situation now: the platform, the page's URL, storage and cookies, and what the QA panel gives (rules, widget settings). */
export function captureScenario(
  platform: MockPlatform,
  qa: { rules: string; widgets: ScenarioPage['widgets'] },
): Scenario {
  const storage: Record<string, string> = {};
  for (const key of SHOP_STORAGE_KEYS) {
    const value = localStorage.getItem(key);
    if (value !== null) storage[key] = value;
  }
  const cookies: Record<string, string> = {};
  for (const name of VISITOR_COOKIES) {
    const value = readCookie(name);
    if (value !== undefined) cookies[name] = value;
  }
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    url: location.pathname + location.search,
    snapshot: platform.snapshot(),
    faults: JSON.parse(JSON.stringify(platform.faults.list())) as Scenario['faults'],
    rules: qa.rules,
    clock: { now: platform.clock.now(), frozen: platform.clock.frozen },
    page: { widgets: JSON.parse(JSON.stringify(qa.widgets)) as ScenarioPage['widgets'], storage, cookies },
  };
}

/** Parses a scenario file's text; throws ScenarioError. */
export function parseScenario(text: string): Scenario {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(`not JSON: ${(error as Error).message}`);
  }
  return checkScenario(value);
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ScenarioError('the link is damaged (not base64url)');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** A link that reproduces `scenario` on the demo at `origin`: its URL with `#scenario=` and the scenario gzipped, base64url. */
export async function scenarioLink(scenario: Scenario, origin: string): Promise<{ link: string; tooLong: boolean }> {
  const gzipped = await pipe(new TextEncoder().encode(JSON.stringify(scenario)), new CompressionStream('gzip'));
  const link = `${origin}${scenario.url.split('#')[0]}${LINK_PREFIX}${toBase64Url(gzipped)}`;
  return { link, tooLong: link.length > MAX_LINK_LENGTH };
}

/** The scenario of a link's fragment (`#scenario=…`); throws ScenarioError. */
export async function scenarioOfFragment(fragment: string): Promise<Scenario> {
  if (!fragment.startsWith(LINK_PREFIX)) throw new ScenarioError('not a scenario link (no #scenario=)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      await pipe(fromBase64Url(fragment.slice(LINK_PREFIX.length)), new DecompressionStream('gzip')),
    );
  } catch (error) {
    if (error instanceof ScenarioError) throw error;
    throw new ScenarioError('the link is damaged (not a gzipped scenario): was it cut short?');
  }
  return parseScenario(text);
}

const STAGED_KEY = 'demo.scenario.restore';

/** Restores `scenario`: stages it and loads the page at its URL (mock.js takes it from there). */
export function restoreScenario(scenario: Scenario, source: string): void {
  sessionStorage.setItem(STAGED_KEY, JSON.stringify({ source, scenario }));
  history.replaceState(null, '', scenario.url);
  location.reload();
}

/**
 * The scenario staged for this page load, left staged: a load that ends before the platform is up
 * (MSW reloads a page its new service worker does not control yet) must find it again. The page
 * lets it go with `releaseStagedScenario` once the platform is up, so that a later reload starts
 * from the fixtures again.
 */
export function stagedScenario(): { source: string; scenario: Scenario } | undefined {
  let staged: string | null;
  try {
    staged = sessionStorage.getItem(STAGED_KEY);
  } catch {
    return undefined;
  }
  if (!staged) return undefined;
  const { source, scenario } = JSON.parse(staged) as { source: string; scenario: unknown };
  return { source, scenario: checkScenario(scenario) };
}

/** Lets the staged scenario go (see `stagedScenario`). */
export function releaseStagedScenario(): void {
  try {
    sessionStorage.removeItem(STAGED_KEY);
  } catch {
    // No sessionStorage: nothing was staged.
  }
}
