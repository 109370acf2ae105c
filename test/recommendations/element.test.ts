// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SvcError } from '../../src/core';
import { bindingValue, safeUrl, textOf } from '../../src/recommendations/card';
import { defineRecommendationsElement, type SvcRecommendationsElement } from '../../src/recommendations/element';
import { observedCount } from '../../src/recommendations/observe';
import { useMockPlatform } from '../support/mock-server';
import { ANSWER, RAW_ANSWER, TID } from './feed';
import { recommendationEvents, useTrackers } from './page-tracker';

// <svc-recommendations> in happy-dom against the mock platform: attributes to the request, the
// template filled as text and checked URLs, states and events, re-get on change, cleanup. Without
// IntersectionObserver (stubbed away) `observe` sends `shown` at render, which makes what was
// observed visible in the tracker's events; viewability itself is the browser test's.
const mock = useMockPlatform();
const trackers = useTrackers();
const TEMPLATE =
  '<template><a class="card" data-svc-href="url"><img data-svc-src="image_url"><span data-svc-field="name"></span></a></template>';

beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined));
afterEach(async () => {
  document.body.replaceChildren();
  await Promise.resolve();
  vi.unstubAllGlobals();
});

/** Adds `<svc-recommendations attributes>TEMPLATE</...>` and waits for its first settled state. */
async function mount(attributes: string, inner = TEMPLATE) {
  document.body.insertAdjacentHTML('beforeend', `<svc-recommendations ${attributes}>${inner}</svc-recommendations>`);
  const element = document.body.lastElementChild as SvcRecommendationsElement;
  return { element, settled: settled(element) };
}

/** The next `svc-ready` / `svc-error` of `element`, as `[type, detail]`. */
const settled = (element: Element) =>
  new Promise<[string, { items?: unknown[]; error?: SvcError }]>((resolve) => {
    for (const type of ['svc-ready', 'svc-error'])
      element.addEventListener(type, (event) => resolve([type, (event as CustomEvent).detail]), { once: true });
  });

const cards = (element: Element) => [...element.querySelectorAll<HTMLAnchorElement>('a.card')];
const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));

defineRecommendationsElement({ trackingId: TID });

describe('<svc-recommendations>', () => {
  it('is defined once: a second definition keeps the first', () => {
    const first = customElements.get('svc-recommendations');
    defineRecommendationsElement({ trackingId: TID });
    expect(first).toBeDefined();
    expect(customElements.get('svc-recommendations')).toBe(first);
  });

  it('asks with its attributes and renders one card per item, each observed with its position', async () => {
    trackers.start();
    const events = recommendationEvents(trackers.start());
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const { element, settled: done } = await mount('strategy="engagement" seed="p9" limit="3" locale="de-DE-EUR"');
    expect(element.getAttribute('state')).toBe('loading');
    const [type, detail] = await done;
    expect(type).toBe('svc-ready');
    expect(detail.items).toBe(element.items);
    expect(element.items?.map((item) => item.id)).toEqual(['p2', 'p4', 'p1']);
    expect(element.getAttribute('state')).toBe('ready');
    const [request] = await recommendRequests();
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      strategy: 'engagement',
      n: '3',
      locale: 'de-EUR',
    });
    expect(request.json).toEqual({ h: ['p9'] });
    expect(cards(element).map((a) => [a.textContent, a.dataset.svcItem])).toEqual(
      ANSWER.result.items.map((item) => [item.details.name, item.id]),
    );
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map(([type, data]) => [type, data.id])).toEqual(
      ANSWER.result.items.map((item) => ['recommendationShown', item.id]),
    );
    cards(element)[1].click();
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(events[3]).toEqual(['recommendationClicked', expect.objectContaining({ id: 'p4', position: 2 })]);
  });

  it('sets product data as text and only http(s) or relative URLs', async () => {
    const items = [
      {
        id: 'x1',
        weight: 1,
        strategy: 'popular',
        details: { name: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)', image_url: '/i/x1.svg' },
      },
      {
        id: 'x2',
        weight: 1,
        strategy: 'popular',
        details: { name: 42, url: 'https://shop.example/x2', image_url: 'data:image/svg+xml,<svg/>' },
      },
    ];
    mock.platform.faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
    const { element, settled: done } = await mount('');
    await done;
    const [first, second] = cards(element);
    expect(first.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(element.querySelectorAll('img')).toHaveLength(2); // the template's two, none from the name
    expect(first.hasAttribute('href')).toBe(false);
    expect(first.querySelector('img')?.getAttribute('src')).toBe(new URL('/i/x1.svg', document.baseURI).href);
    expect(second.textContent).toBe('42');
    expect(second.getAttribute('href')).toBe('https://shop.example/x2');
    expect(second.querySelector('img')?.hasAttribute('src')).toBe(false);
  });

  it('is empty for no recommendations (NO_RECOMMENDATIONS), with svc-error', async () => {
    const { element, settled: done } = await mount('tracking-id="nobody_here"');
    const [type, detail] = await done;
    expect([type, detail.error?.code]).toEqual(['svc-error', 'NO_RECOMMENDATIONS']);
    expect([element.getAttribute('state'), element.getAttribute('code')]).toEqual(['empty', 'NO_RECOMMENDATIONS']);
    expect(cards(element)).toEqual([]);
  });

  it.each([
    ['limit="0"', 'limit'],
    ['limit="four"', 'limit'],
    ['strategy="pop"', 'strategy'],
    ['seed="category:shoes" strategy="engagement"', 'seed'],
    ['locale="German"', 'locale'],
    ['tracking-id="a/b"', 'trackingId'],
    ['experience-id=""', 'options.meta.experienceId'],
  ])('refuses %s as get does (INVALID_ARGUMENT naming %s), sending nothing', async (attributes, argument) => {
    const { element, settled: done } = await mount(attributes);
    const [type, detail] = await done;
    expect([type, detail.error?.code, (detail.error as { argument?: string }).argument]).toEqual([
      'svc-error',
      'INVALID_ARGUMENT',
      argument,
    ]);
    expect([element.getAttribute('state'), element.getAttribute('code')]).toEqual(['error', 'INVALID_ARGUMENT']);
    expect(await recommendRequests()).toEqual([]);
  });

  it('refuses to work without a template, sending nothing', async () => {
    const { settled: done } = await mount('', '');
    const [, detail] = await done;
    expect((detail.error as { argument?: string }).argument).toBe('template');
    expect(await recommendRequests()).toEqual([]);
  });

  it('says error with the code for a failed request', async () => {
    mock.platform.faults.set('recommend', { status: 400 });
    const { element, settled: done } = await mount('');
    await done;
    expect([element.getAttribute('state'), element.getAttribute('code')]).toEqual(['error', 'BAD_REQUEST']);
  });

  it('asks again when an attribute changes (once for changes in one task) and re-renders', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const { element, settled: done } = await mount('limit="3"');
    await done;
    expect(cards(element)).toHaveLength(3);
    const two = { status: 200, result: { items: ANSWER.result.items.slice(0, 2) } };
    mock.platform.faults.set('recommend', { raw: JSON.stringify(two) });
    const again = settled(element);
    element.setAttribute('limit', '2');
    element.setAttribute('strategy', 'popular');
    expect(element.getAttribute('state')).toBe('ready');
    await again;
    expect(cards(element).map((a) => a.textContent)).toEqual(['Product p2', 'Product p4']);
    expect((await recommendRequests()).map((r) => r.url.searchParams.get('n'))).toEqual(['3', '2']);
  });

  it('adopts server-rendered cards: ready at once, observed, nothing asked until an attribute changes', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const server =
      '<a class="card" data-svc-item="s1" data-svc-strategy="popular" data-svc-weight="0.9">server s1</a>' +
      '<a class="card" data-svc-item=\'{"id":"s2","strategy":"cf_viewed","weight":0.5}\'>server s2</a>';
    const { element, settled: done } = await mount('limit="3"', TEMPLATE + server);
    const before = cards(element);
    const [type, detail] = await done;
    expect(type).toBe('svc-ready');
    expect(element.getAttribute('state')).toBe('ready');
    expect(detail.items).toEqual([
      { id: 's1', strategy: 'popular', weight: '0.9', details: {} },
      { id: 's2', strategy: 'cf_viewed', weight: 0.5, details: {} },
    ]);
    expect(cards(element)).toEqual(before);
    expect(observedCount()).toBe(2); // the server's cards are observed
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await recommendRequests()).toEqual([]);

    // An attribute change asks; the answer differs, so its cards replace the server's.
    const again = settled(element);
    element.setAttribute('limit', '2');
    await again;
    expect((await recommendRequests()).map((r) => r.url.searchParams.get('n'))).toEqual(['2']);
    expect(cards(element).map((a) => a.textContent)).toEqual(['Product p2', 'Product p4']);
  });

  it('a server-rendered card naming no item is no card to adopt: the element asks', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const { element, settled: done } = await mount('', `${TEMPLATE}<a class="card" data-svc-item="{broken">x</a>`);
    await done;
    expect(await recommendRequests()).toHaveLength(1);
    expect(cards(element).map((a) => a.textContent)).toEqual(['Product p2', 'Product p4', 'Product p1']);
  });

  it('a server-rendered card without a strategy or a numeric weight is no card to adopt: the element asks', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    for (const card of [
      '<a class="card" data-svc-item="s1">id only</a>',
      '<a class="card" data-svc-item="s1" data-svc-strategy="popular">no weight</a>',
      '<a class="card" data-svc-item="s1" data-svc-weight="0.9">no strategy</a>',
      '<a class="card" data-svc-item="s1" data-svc-strategy="popular" data-svc-weight="heavy">a word</a>',
    ]) {
      const { element, settled: done } = await mount('', TEMPLATE + card);
      const [type] = await done;
      expect(type).toBe('svc-ready');
      expect(cards(element).map((a) => a.textContent)).toEqual(['Product p2', 'Product p4', 'Product p1']);
      element.remove();
    }
    expect(await recommendRequests()).toHaveLength(4);
    expect(events.map(([, data]) => data.id)).not.toContain('s1');
  });

  it('server-rendered cards of an element with no tracking id: INVALID_ARGUMENT, as without them, nothing sent', async () => {
    defineRecommendationsElement({ trackingId: undefined });
    try {
      const server = '<a class="card" data-svc-item="s1" data-svc-strategy="popular" data-svc-weight="1">s1</a>';
      const { element, settled: done } = await mount('', TEMPLATE + server);
      const [type, detail] = await done;
      expect([type, detail.error?.code, element.getAttribute('state')]).toEqual([
        'svc-error',
        'INVALID_ARGUMENT',
        'error',
      ]);
      expect(cards(element).map((a) => a.textContent)).toEqual(['s1']);
      expect(observedCount()).toBe(0);
      expect(await mock.sent()).toEqual([]);
    } finally {
      defineRecommendationsElement({ trackingId: TID });
    }
  });

  it('stops observing when removed, and drops an answer that comes after', async () => {
    // An IntersectionObserver that never reports: the cards stay observed until removed.
    const observer = vi.fn(function (this: object) {
      Object.assign(this, { observe() {}, unobserve() {}, disconnect() {} });
    });
    vi.stubGlobal('IntersectionObserver', observer);
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const { element, settled: done } = await mount('');
    await done;
    expect(observedCount()).toBe(3);
    element.remove();
    expect(observedCount()).toBe(0);

    mock.platform.faults.set('recommend', { ...RAW_ANSWER, latencyMs: 50 });
    const late = await mount('');
    await Promise.resolve();
    late.element.remove();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cards(late.element)).toEqual([]);
    expect(observedCount()).toBe(0);
  });
});

describe('templates of the states: data-svc-slot header, loading, empty, error', () => {
  const SLOTS =
    '<template data-svc-slot="header"><h2 class="slot">You may also like</h2></template>' +
    '<template data-svc-slot="loading"><div class="slot placeholder"></div></template>' +
    '<template data-svc-slot="empty"><p class="slot">Nothing to suggest</p></template>' +
    '<template data-svc-slot="error"><p class="slot">Try again later</p></template>';
  /** The slotted elements shown, as `slot:tag`. */
  const slotted = (element: Element) =>
    [...element.querySelectorAll<HTMLElement>(':scope > [data-svc-slotted]')].map(
      (node) => `${node.dataset.svcSlotted}:${node.tagName.toLowerCase()}`,
    );

  it('loading while asking, then the header before the cards (shown with items only)', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const { element, settled: done } = await mount('limit="2"', SLOTS + TEMPLATE);
    expect(element.getAttribute('state')).toBe('loading');
    await Promise.resolve();
    expect(slotted(element)).toEqual(['loading:div']);
    await done;
    expect(slotted(element)).toEqual(['header:h2']);
    expect(element.firstElementChild?.tagName).toBe('H2');
    expect(cards(element)).toHaveLength(2);
  });

  it('the empty template for no recommendations, with no header', async () => {
    const { element, settled: done } = await mount('tracking-id="nobody_here"', SLOTS + TEMPLATE);
    await done;
    expect(slotted(element)).toEqual(['empty:p']);
    expect(element.querySelector('[data-svc-slotted]')?.textContent).toBe('Nothing to suggest');
  });

  it("the error template, each of its elements with the error's code in data-svc-code", async () => {
    mock.platform.faults.set('recommend', { status: 400 });
    const { element, settled: done } = await mount('', SLOTS + TEMPLATE);
    await done;
    expect(slotted(element)).toEqual(['error:p']);
    expect(element.querySelector<HTMLElement>('[data-svc-slotted]')?.dataset.svcCode).toBe('BAD_REQUEST');
  });

  it('an answer after an error replaces the error template by the header', async () => {
    mock.platform.faults.set('recommend', { status: 400 });
    const { element, settled: done } = await mount('limit="2"', SLOTS + TEMPLATE);
    await done;
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const again = settled(element);
    element.setAttribute('limit', '3');
    await again;
    expect(slotted(element)).toEqual(['header:h2']);
    expect(cards(element)).toHaveLength(3);
  });

  it('the card is the template without data-svc-slot, wherever it is', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const { element, settled: done } = await mount('limit="2"', TEMPLATE + SLOTS);
    await done;
    expect(cards(element)).toHaveLength(2);
  });

  it('server-rendered cards are ready at once: the header shows with them', async () => {
    const server =
      '<a class="card" data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1" href="/p1">P1</a>';
    const { element, settled: done } = await mount('limit="1"', SLOTS + TEMPLATE + server);
    await done;
    expect(slotted(element)).toEqual(['header:h2']);
    expect(await recommendRequests()).toEqual([]);
  });
});

describe('item transforms: exclude, transformItems, svc-items', () => {
  it('exclude: asks for as many more, never shows them, and limit still counts; positions as rendered', async () => {
    const events = recommendationEvents(trackers.start());
    mock.platform.faults.set('recommend', RAW_ANSWER); // p2, p4, p1
    const { element, settled: done } = await mount('limit="2" exclude="p4"');
    await done;
    const [request] = await recommendRequests();
    expect(request.url.searchParams.get('n')).toBe('3');
    expect(cards(element).map((a) => a.dataset.svcItem)).toEqual(['p2', 'p1']);
    await vi.waitFor(() => expect(events).toHaveLength(2));
    cards(element)[1].click();
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events[2]).toEqual(['recommendationClicked', expect.objectContaining({ id: 'p1', position: 2 })]);
  });

  it('asks for at most 50, whatever is excluded', async () => {
    const { settled: done } = await mount(`limit="49" exclude="${['a', 'b', 'c'].join(',')}"`);
    await done;
    const [request] = await recommendRequests();
    expect(request.url.searchParams.get('n')).toBe('50');
  });

  it('transformItems (a property) replaces the list, after exclude', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    document.body.insertAdjacentHTML(
      'beforeend',
      `<svc-recommendations exclude="p2">${TEMPLATE}</svc-recommendations>`,
    );
    const element = document.body.lastElementChild as SvcRecommendationsElement;
    const seen: string[][] = [];
    element.transformItems = (items) => {
      seen.push(items.map((item) => item.id));
      return [...items].reverse();
    };
    const done = settled(element);
    element.setAttribute('limit', '3');
    await done;
    expect(seen).toEqual([['p4', 'p1']]);
    expect(cards(element).map((a) => a.dataset.svcItem)).toEqual(['p1', 'p4']);
  });

  it('an svc-items listener may replace the list; none left is empty', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    document.addEventListener(
      'svc-items',
      (event) => {
        (event as CustomEvent<{ items: unknown[] }>).detail.items = [];
      },
      { once: true },
    );
    const { element, settled: done } = await mount('');
    const [type, detail] = await done;
    expect([type, detail.error?.code]).toEqual(['svc-error', 'NO_RECOMMENDATIONS']);
    expect(element.getAttribute('state')).toBe('empty');
    expect(cards(element)).toEqual([]);
  });

  it('a transformItems that returns no list is an error naming it, nothing rendered', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    document.body.insertAdjacentHTML('beforeend', `<svc-recommendations>${TEMPLATE}</svc-recommendations>`);
    const element = document.body.lastElementChild as SvcRecommendationsElement;
    element.transformItems = () => 'none' as unknown as [];
    const [, detail] = await settled(element);
    expect((detail.error as { argument?: string }).argument).toBe('transformItems');
    expect(cards(element)).toEqual([]);
  });
});

describe('card bindings', () => {
  const item = {
    id: 'p1',
    weight: 2,
    strategy: 'popular',
    details: { name: 'Hat', price: { value: 9 }, tags: ['a', 'b'] },
  };
  it('reads details (own keys, dotted paths), else the item', () => {
    expect(bindingValue(item, 'name')).toBe('Hat');
    expect(bindingValue(item, 'price.value')).toBe(9);
    expect(bindingValue(item, 'weight')).toBe(2);
    expect(bindingValue(item, '__proto__')).toBe(undefined);
    expect(bindingValue(item, 'constructor')).toBe(undefined);
  });
  it('writes text only from strings, finite numbers and lists of them', () => {
    expect([textOf('x'), textOf(1.5), textOf(['a', 2]), textOf({}), textOf(Number.NaN), textOf(null)]).toEqual([
      'x',
      '1.5',
      'a, 2',
      '',
      '',
      '',
    ]);
  });
  it('accepts http(s) and relative URLs only', () => {
    expect(safeUrl('/p/1')).toBe(new URL('/p/1', document.baseURI).href);
    expect(safeUrl('https://shop.example/p')).toBe('https://shop.example/p');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', '', 7])
      expect(safeUrl(bad)).toBe(undefined);
  });
});
