// <svc-recommendations>: its templates (cards, header, the empty and error states) and cards the
// server rendered, adopted with no request. The platform's answer is set by a fault (`raw`).
import { expect } from 'vitest';
import { waitFor } from '../drivers';
import { type Storefront, test } from '../storefront';

const NAMES = ['<img src=x onerror=alert(1)>', 'Second', 'Third', 'Fourth'];
const answer = (names: string[]) =>
  JSON.stringify({
    status: 200,
    result: {
      items: names.map((name, i) => ({
        id: `p${i + 1}`,
        weight: 10 - i,
        strategy: 'popular',
        details: { name, url: i === 1 ? 'javascript:alert(1)' : `/test-pages/observe-next.html?p${i + 1}` },
      })),
    },
  });

/** The widget once it has left `loading`: its state, code and what it shows. */
const settled = (s: Storefront) =>
  waitFor(s.page, () => {
    const widget = document.querySelector('#widget');
    const state = widget?.getAttribute('state');
    if (!widget || !state || state === 'loading') return undefined;
    return {
      state,
      code: widget.getAttribute('code'),
      header: widget.querySelector('h2')?.textContent ?? null,
      cards: [...widget.querySelectorAll(':scope > a')].map((a) => [a.textContent, a.getAttribute('href')]),
      message: widget.querySelector('p')?.textContent ?? null,
      messageCode: widget.querySelector('p')?.getAttribute('data-svc-code') ?? null,
      images: widget.querySelectorAll('img').length,
    };
  });

const recommendRequests = (s: Storefront) =>
  s.front.seen.filter((r) => r.method === 'POST' && r.path.startsWith('/vc/recommend/'));
const page = (s: Storefront) => `${s.shop.url}/engines/element-states.html`;

export function elementCases(s: Storefront) {
  test('<svc-recommendations>: cards and header from their templates, names as text, no javascript: URL', async () => {
    s.mock.platform().faults.set('recommend', { raw: answer(NAMES) });
    await s.page.open(page(s));
    const widget = await settled(s);
    expect(widget).toMatchObject({ state: 'ready', header: 'You may also like', message: null, images: 0 });
    expect(widget.cards.map(([name]) => name)).toEqual(NAMES);
    expect(widget.cards[1][1]).toBeNull(); // the javascript: URL is never an href
    expect(widget.cards[0][1]).toBe(`${s.shop.url}/test-pages/observe-next.html?p1`);
    expect(recommendRequests(s)).toHaveLength(1);
  });

  test('<svc-recommendations>: the empty template for no recommendations, the error template for a 500', async () => {
    s.mock.platform().faults.set('recommend', { raw: answer([]) });
    await s.page.open(page(s));
    expect(await settled(s)).toMatchObject({
      state: 'empty',
      code: 'NO_RECOMMENDATIONS',
      header: null,
      cards: [],
      message: 'New suggestions soon',
    });
    s.mock.platform().faults.set('recommend', { status: 500 });
    await s.page.open(page(s));
    const failed = await settled(s);
    expect(failed).toMatchObject({ state: 'error', header: null, cards: [], message: 'Suggestions are unavailable' });
    expect(failed.code).toBeTruthy();
    expect(failed.messageCode).toBe(failed.code);
  });

  test('<svc-recommendations>: cards the server rendered are adopted with no request', async () => {
    await s.page.open(`${s.shop.url}/test-pages/element-server.html`);
    const widget = await settled(s);
    expect(widget.state).toBe('ready');
    expect(widget.cards).toEqual([
      ['Server one', '/test-pages/observe-next.html?s1'],
      ['Server two', '/test-pages/observe-next.html?s2'],
    ]);
    const observed = await s.page.evaluate(() => {
      type Channel = { gauges: { observed(): number } };
      return (globalThis as unknown as Record<symbol, Channel>)[Symbol.for('svc.qa')].gauges.observed();
    });
    expect(observed).toBe(2);
    expect(recommendRequests(s)).toEqual([]);
  });
}
