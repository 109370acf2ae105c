import { expect, test } from '@playwright/test';

// svc.min.js at load (docs/storefront.md, "What happens at load"): its evaluation touches no cookie
// and no storage. Chromium records where each `document.cookie` access comes from, and V8 reparses
// every function on the stack to find it: from the evaluation, that is the whole bundle. The
// tracker starts (reads and writes its cookies) at its first use, so the page's next script finds
// `svc.tracker` with its visitor id; unused, it starts in a task of its own after the script tag's.
//
// The evaluation ends when the bundle's IIFE returns and `var svc` gets its exports: an access
// that finds `window.svc` unset comes from the evaluation. Each access says whether a timer's
// callback made it (`setTimeout` is wrapped), or the page's next script: a cookie write that is
// neither comes from the script tag's own run (its evaluation or its microtasks).

const PAGE = '/test-pages/load-order.html';

/** Installed before the page's first byte: `window.accesses` lists each cookie and storage access. */
const WATCH_ACCESSES = `
  window.accesses = [];
  let inTimer = false;
  const setTimeoutOfThePage = window.setTimeout;
  window.setTimeout = function (callback, ...rest) {
    if (typeof callback !== 'function') return setTimeoutOfThePage.call(this, callback, ...rest);
    const timed = function (...args) {
      inTimer = true;
      try {
        return callback.apply(this, args);
      } finally {
        inTimer = false;
      }
    };
    return setTimeoutOfThePage.call(this, timed, ...rest);
  };
  const record = (what) =>
    window.accesses.push({ what, evaluated: typeof window.svc === 'object', inTimer, byNextScript: window.nextScriptRuns === true });
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get() {
      record('document.cookie read');
      return cookie.get.call(this);
    },
    set(value) {
      record('document.cookie write');
      cookie.set.call(this, value);
    },
  });
  for (const name of ['localStorage', 'sessionStorage']) {
    const storage = Object.getOwnPropertyDescriptor(window, name) ?? Object.getOwnPropertyDescriptor(Window.prototype, name);
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        record(name);
        return storage.get.call(this);
      },
    });
  }`;

/** A page: the script tag with its tracking id (and `attributes`), then the page's own script. */
const pageWith = (nextScript: string, attributes = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load order</title>
<script src="/dist/svc.min.js" data-tracking-id="e2e_shop"${attributes}></script>
<script>${nextScript}</script>
</head><body><p>load order</p></body></html>`;

/** The page whose next script reads the tracker. */
const HTML = pageWith(`
  window.nextScriptRuns = true;
  const visitorId = svc.tracker.visitorId;
  window.nextScript = { visitorId, accesses: window.accesses.length };
  window.nextScriptRuns = false;`);

/** The same page, whose next script does not use the tracker. */
const UNUSED_HTML = pageWith('window.nextScript = {};');

type Access = { what: string; evaluated: boolean; inTimer: boolean; byNextScript: boolean };

/** Each cookie write that the script tag's own run made (its evaluation and its microtasks). */
const writesOfTheTagsRun = (accesses: Access[]) =>
  accesses.filter((access) => access.what === 'document.cookie write' && !access.inTimer && !access.byNextScript);
const read = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    accesses: (window as unknown as { accesses: Access[] }).accesses,
    nextScript: (window as unknown as { nextScript: { visitorId?: unknown; accesses?: number } }).nextScript,
    cookies: document.cookie,
  }));

test.beforeEach(async ({ page }) => {
  await page.route('**/events.svc.example/**', (route) => route.fulfill({ json: { status: 200 } }));
  await page.addInitScript({ content: WATCH_ACCESSES });
});

test('svc.min.js touches no cookie or storage during its evaluation; the next script finds its tracker started', async ({
  page,
}) => {
  await page.route(`**${PAGE}`, (route) => route.fulfill({ body: HTML, contentType: 'text/html' }));
  await page.goto(PAGE);
  const { accesses, nextScript, cookies } = await read(page);

  expect(accesses.filter((access) => !access.evaluated)).toEqual([]);
  expect(writesOfTheTagsRun(accesses)).toEqual([]);
  // The next script's first use finds the tracker started: the visitor id read and written by then.
  const untilItsUse = accesses.slice(0, nextScript.accesses).map((access) => access.what);
  expect(untilItsUse).toContain('document.cookie read');
  expect(untilItsUse).toContain('document.cookie write');
  expect(nextScript.visitorId).toMatch(/^[\w-]{8,}$/);
  expect(cookies).toContain(`_svcTracker=${nextScript.visitorId}`);
});

test("a tracker no script uses starts in a task of its own after the script tag's: the cookie is written", async ({
  page,
}) => {
  await page.route(`**${PAGE}`, (route) => route.fulfill({ body: UNUSED_HTML, contentType: 'text/html' }));
  await page.goto(PAGE);
  await expect.poll(async () => (await read(page)).cookies).toMatch(/_svcTracker=[\w-]{8,}/);
  const { accesses } = await read(page);
  expect(accesses.filter((access) => !access.evaluated)).toEqual([]);
  expect(writesOfTheTagsRun(accesses)).toEqual([]);
  expect(accesses.map((access) => access.what)).toContain('document.cookie write');
});

test('a script tag attribute the tracker refuses: no svc.tracker, the error on the console, no cookie written', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const html = pageWith('window.nextScript = { tracker: typeof svc.tracker };', ' data-consent="maybe"');
  await page.route(`**${PAGE}`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.goto(PAGE);
  await page.waitForTimeout(100);
  const { accesses, nextScript } = await read(page);
  expect(nextScript).toEqual({ tracker: 'undefined' });
  expect(errors).toEqual([expect.stringMatching(/options\.consent/)]);
  expect(accesses.map((access) => access.what)).not.toContain('document.cookie write');
});
