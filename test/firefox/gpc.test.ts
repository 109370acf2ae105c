// Global Privacy Control in a browser that sends it: Debian's Firefox ESR with
// `privacy.globalprivacycontrol.enabled`, driven by puppeteer-core over WebDriver BiDi
// (docs/testing.md says why that driver). The shop's page comes from a server of the shop's own,
// which hands the request's headers to the server helpers, as docs/server.md's recipes do; the
// platform is `svc-mock serve` (in process) on another port.
//
// Observed from both sides: the header the shop's server received and what its helpers did with
// it, and what the page's tracker decided from `navigator.globalPrivacyControl`.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxPath } from '../../scripts/browsers.mjs';
import { setEndpoints } from '../../src/core/endpoints';
import { createExperiencesClient } from '../../src/experiences';
import { type MockServer, startMockServer } from '../../src/mock/server';
import { loadRecommendations } from '../../src/recommendations';

const TID = 'demo_shop';
/** A partner strategy needs the visitor id: without one, the client refuses it before any request. */
const PERSONAL = { strategy: 'partner_personal_clickthrough', limit: 2 };

/** What the shop's server saw of one request, and what its helpers did. */
interface Seen {
  secGpc: string | undefined;
  recommendations: string;
  contextId: string | undefined;
  generated: boolean | undefined;
}

/** The shop's server: each request's Sec-GPC, then both helpers with its headers, as the recipes do. */
async function shopServer(mock: MockServer) {
  setEndpoints(mock.endpoints);
  const experiences = createExperiencesClient({ trackingId: TID, timeout: 2000 });
  const seen: Seen[] = [];
  const script = readFileSync('dist/svc.min.js');
  const answer = async (headers: IncomingHttpHeaders): Promise<Seen> => {
    const [snapshot, found] = await Promise.all([
      loadRecommendations({ meta: { trackingId: TID } }, PERSONAL, { visitorId: 'visitor-1', headers }),
      experiences.getExperiences({ contextId: 'visitor-1', headers }).catch(() => undefined),
    ]);
    return {
      secGpc: headers['sec-gpc'] as string | undefined,
      recommendations: snapshot.error?.code ?? snapshot.status,
      contextId: found?.contextId,
      generated: found?.generated,
    };
  };
  const server: Server = createServer(async (req, res) => {
    if (req.url === '/svc.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    seen.push(await answer(req.headers));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>shop</title><script src="/svc.min.js" data-tracking-id="${TID}" data-consent="gpc" data-endpoint="${mock.url}"></script>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('Global Privacy Control in Firefox ESR (privacy.globalprivacycontrol.enabled)', () => {
  let mock: MockServer;
  let shop: Awaited<ReturnType<typeof shopServer>>;
  let browser: Browser;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, fixtures: true });
    shop = await shopServer(mock);
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      extraPrefsFirefox: {
        'privacy.globalprivacycontrol.enabled': true,
        'privacy.globalprivacycontrol.functionality.enabled': true,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => shop?.server.close(resolve));
    await mock?.close();
    setEndpoints({});
  });

  it('the shop server without the header: the helpers ask for the visitor', async () => {
    await fetch(shop.url);
    expect(shop.seen.pop()).toMatchObject({ secGpc: undefined, contextId: 'visitor-1', generated: false });
    expect(shop.seen).toEqual([]);
  });

  it("the page's request carries Sec-GPC: 1, and the helpers treat the visitor as anonymous", async () => {
    const page = await browser.newPage();
    await page.goto(shop.url);
    const [seen] = shop.seen.splice(0);
    expect(seen.secGpc).toBe('1');
    expect(seen.recommendations).toBe('INVALID_ARGUMENT'); // no visitor id reached the client
    expect(seen.contextId).not.toBe('visitor-1'); // none sent: the platform made one for this response
    expect(seen.generated).toBe(false); // and nothing to store
    await page.close();
  });

  it("the page's tracker reads navigator.globalPrivacyControl: denied, nothing written", async () => {
    const page = await browser.newPage();
    await page.goto(shop.url);
    shop.seen.splice(0);
    await page.waitForFunction(() => (window as { svc?: { tracker?: unknown } }).svc?.tracker !== undefined);
    const state = await page.evaluate(() => {
      const { tracker } = (window as unknown as { svc: { tracker: Record<string, unknown> } }).svc;
      return {
        gpc: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl,
        consent: tracker.consentState,
        source: tracker.consentSource,
        signals: tracker.consentSignals,
        cookie: document.cookie,
        stored: localStorage.length,
      };
    });
    expect(state).toEqual({
      gpc: true,
      consent: 'denied',
      source: 'gpc',
      signals: { gpc: { globalPrivacyControl: true } },
      cookie: '',
      stored: 0,
    });
    await page.close();
  });
});
