// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The QA overlay's mock switch lives in the tab's sessionStorage, with a session cookie as the
// sign to look there: every copy of core on the page reads it, svc.min.js's and the one a shop
// bundled with its own clients (a fresh module graph here).
const MOCK = 'http://127.0.0.1:4010';
/** What the overlay's switch writes. */
const switchTo = (url: string) => {
  sessionStorage.setItem('svc-qa-mock', url);
  document.cookie = 'svc_qa_mock=1; Path=/';
};
const fresh = async () => {
  vi.resetModules();
  return {
    core: await import('../../src/core/endpoints'),
    recs: await import('../../src/recommendations/request'),
  };
};

afterEach(() => {
  sessionStorage.clear();
  document.cookie = 'svc_qa_mock=; Path=/; Max-Age=0';
});

describe('the mock switch reaches every copy of core', () => {
  it('a copy loaded after the switch was set sends every interface to the mock', async () => {
    switchTo(`${MOCK}/`);
    const { core } = await fresh();
    for (const name of ['recs', 'experiences', 'stash', 'events', 'integrations'] as const)
      expect(core.endpointFor(name, 'https://own.example')).toBe(MOCK);
  });

  it('a recommendations client with its own endpoint (the full path) is answered by the mock too', async () => {
    switchTo(MOCK);
    const { recs } = await fresh();
    const request = recs.buildRequest(
      recs.readSettings({ meta: { trackingId: 'shop' } }, { endpoint: 'https://own.example/recs/' }),
      {},
    );
    expect(request.url).toBe(`${MOCK}/vc/recommend/2.1/shop`);
  });

  it('without the cookie, sessionStorage is never opened and the platform answers', async () => {
    sessionStorage.setItem('svc-qa-mock', MOCK);
    const opened = vi.spyOn(window, 'sessionStorage', 'get');
    opened.mockClear();
    const { core } = await fresh();
    expect(core.endpointFor('stash')).toBe('https://stash.svc.example');
    expect(opened).not.toHaveBeenCalled();
  });

  it('without the switch, or with a value that is no http(s) URL, the platform answers', async () => {
    expect((await fresh()).core.endpointFor('stash')).toBe('https://stash.svc.example');
    switchTo('javascript:alert(1)');
    expect((await fresh()).core.endpointFor('stash')).toBe('https://stash.svc.example');
    const { recs } = await fresh();
    const request = recs.buildRequest(
      recs.readSettings({ meta: { trackingId: 'shop' } }, { endpoint: 'https://own.example/recs/' }),
      {},
    );
    expect(request.url).toBe('https://own.example/recs/shop');
  });
});
