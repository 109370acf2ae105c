import { expect, test } from '@playwright/test';

// svc.min.js at load (docs/storefront.md, "What happens at load"): its evaluation touches no cookie
// and no storage. Chromium records where each `document.cookie` access comes from, and V8 reparses
// every function on the stack to find it: from the evaluation, that is the whole bundle. The
// tracker reads and writes its cookies right after the evaluation, in a microtask, so the page's
// next script finds `svc.tracker` with its visitor id, as before.
//
// The evaluation ends when the bundle's IIFE returns and `var svc` gets its exports: an access
// that finds `window.svc` unset comes from the evaluation.

const PAGE = '/test-pages/load-order.html';

/** Installed before the page's first byte: `window.accesses` lists each cookie and storage access. */
const WATCH_ACCESSES = `
  window.accesses = [];
  const record = (what) => window.accesses.push({ what, evaluated: typeof window.svc === 'object' });
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

/** The page: the script tag with its tracking id, then the page's own script, which reads the tracker. */
const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load order</title>
<script src="/dist/svc.min.js" data-tracking-id="e2e_shop"></script>
<script>
  window.nextScript = { accesses: window.accesses.length, visitorId: svc.tracker.visitorId };
</script>
</head><body><p>load order</p></body></html>`;

test('svc.min.js touches no cookie or storage during its evaluation; its tracker is ready for the next script', async ({
  page,
}) => {
  await page.route('**/events.svc.example/**', (route) => route.fulfill({ json: { status: 200 } }));
  await page.route(`**${PAGE}`, (route) => route.fulfill({ body: HTML, contentType: 'text/html' }));
  await page.addInitScript({ content: WATCH_ACCESSES });
  await page.goto(PAGE);
  const { accesses, nextScript, cookies } = await page.evaluate(() => ({
    accesses: (window as unknown as { accesses: { what: string; evaluated: boolean }[] }).accesses,
    nextScript: (window as unknown as { nextScript: { accesses: number; visitorId: unknown } }).nextScript,
    cookies: document.cookie,
  }));

  expect(accesses.filter((access) => !access.evaluated)).toEqual([]);
  // Right after the evaluation, before the next script: the visitor id read and written.
  const beforeNextScript = accesses.slice(0, nextScript.accesses).map((access) => access.what);
  expect(beforeNextScript).toContain('document.cookie read');
  expect(beforeNextScript).toContain('document.cookie write');
  expect(nextScript.visitorId).toMatch(/^[\w-]{8,}$/);
  expect(cookies).toContain(`_svcTracker=${nextScript.visitorId}`);
});
