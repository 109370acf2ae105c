// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeDeclared } from '../../src/recommendations/declarative';
import { observedCount } from '../../src/recommendations/observe';
import type { TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { TID } from './feed';
import { useTrackers } from './page-tracker';

// The declarative mode of svc.min.js: data-svc-item elements inside data-svc-recommendations
// containers, observed as they appear. Without IntersectionObserver (stubbed away here) `observe`
// sends `shown` at render, which makes what was observed visible in the tracker's events; the
// viewability itself is test/recommendations/observe.test.ts's and the browser test's.
useMockPlatform();
const trackers = useTrackers();

let stop: () => void;
let events: [string, Record<string, unknown>][];
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', undefined);
  const tracker = trackers.start();
  events = [];
  tracker.on(/^recommendation/, ({ meta, data }: TrackingEvent) => events.push([meta.type, data]));
});
afterEach(async () => {
  stop?.();
  document.body.replaceChildren();
  await Promise.resolve();
  vi.unstubAllGlobals();
});

/** Inserts `html` (test markup, not product data) into the body. */
function render(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  return box;
}
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('data-svc-item', () => {
  it('the item as JSON, or its id with data-svc-strategy and data-svc-weight; positions in the container', async () => {
    render(`<ol data-svc-recommendations data-svc-experience-id="77">
      <li data-svc-item='{"id":"p1","strategy":"popular","weight":0.9}'><a href="/p1">p1</a></li>
      <li data-svc-item="p2" data-svc-strategy="cf_viewed" data-svc-weight="1,234.5"><a href="/p2">p2</a></li>
      <li data-svc-item="p3" data-svc-strategy="popular" data-svc-weight="3" data-svc-position="7"><a href="/p3">p3</a></li>
    </ol>`);
    stop = observeDeclared(TID);
    for (const a of document.querySelectorAll('a')) a.click();
    expect(events).toEqual([
      ['recommendationShown', { id: 'p1', strategy: 'popular', weight: 0.9, experienceId: '77' }],
      ['recommendationShown', { id: 'p2', strategy: 'cf_viewed', weight: 1234.5, experienceId: '77' }],
      ['recommendationShown', { id: 'p3', strategy: 'popular', weight: 3, experienceId: '77' }],
      ['recommendationClicked', { id: 'p1', strategy: 'popular', weight: 0.9, experienceId: '77', position: 1 }],
      ['recommendationClicked', { id: 'p2', strategy: 'cf_viewed', weight: 1234.5, experienceId: '77', position: 2 }],
      ['recommendationClicked', { id: 'p3', strategy: 'popular', weight: 3, experienceId: '77', position: 7 }],
    ]);
  });

  it('while the document is parsed, nothing is looked at; at DOMContentLoaded every item is observed in one pass', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const reads = vi.spyOn(document.documentElement, 'querySelectorAll');
    stop = observeDeclared(TID);
    render(
      '<ol data-svc-recommendations><li data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1">p1</li></ol>',
    );
    render(
      '<ol data-svc-recommendations><li data-svc-item="p2" data-svc-strategy="popular" data-svc-weight="1">p2</li></ol>',
    );
    await settle();
    expect([events, reads.mock.calls.length]).toEqual([[], 0]);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(events.map(([type, data]) => [type, data.id])).toEqual([
      ['recommendationShown', 'p1'],
      ['recommendationShown', 'p2'],
    ]);
    expect(reads).toHaveBeenCalledTimes(1);
    // Then watched as before: an item added later is observed.
    render(
      '<ol data-svc-recommendations><li data-svc-item="p3" data-svc-strategy="popular" data-svc-weight="1">p3</li></ol>',
    );
    await settle();
    expect(events.map(([, data]) => data.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('elements added later are observed; outside a container they are not', async () => {
    stop = observeDeclared(TID);
    const box = render(
      '<ol data-svc-recommendations></ol><p data-svc-item="p9" data-svc-strategy="popular" data-svc-weight="1">not in a container</p>',
    );
    await settle();
    expect(events).toEqual([]);
    box.querySelector('ol')!.innerHTML =
      '<li data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1">p1</li><li data-svc-item="p2" data-svc-strategy="popular" data-svc-weight="2">p2</li>';
    await settle();
    expect(events.map(([type, data]) => [type, data.id])).toEqual([
      ['recommendationShown', 'p1'],
      ['recommendationShown', 'p2'],
    ]);
    expect(observedCount()).toBe(2);
  });

  it('a changed data-svc-item observes the new item on the same element', async () => {
    render(
      '<ol data-svc-recommendations><li data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1">x</li></ol>',
    );
    stop = observeDeclared(TID);
    document.querySelector('li')!.dataset.svcItem = 'p2';
    await settle();
    expect(events.map(([, data]) => data.id)).toEqual(['p1', 'p2']);
    expect(observedCount()).toBe(1);
  });

  it('the same item rendered again is shown once; removed elements stop being observed', async () => {
    stop = observeDeclared(TID);
    const box = render('');
    const html =
      '<ol data-svc-recommendations><li data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1">x</li></ol>';
    for (let i = 0; i < 100; i++) {
      box.innerHTML = html;
      await settle();
    }
    expect(events).toEqual([['recommendationShown', { id: 'p1', strategy: 'popular', weight: 1 }]]);
    expect(observedCount()).toBe(1);
    box.remove();
    await settle();
    expect(observedCount()).toBe(0);
  });

  it('data-svc-tracking-id of the container, else the default; none at all: said on the console, skipped', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      '<ol data-svc-recommendations><li data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1">x</li></ol>',
    );
    render(
      '<ol data-svc-recommendations data-svc-tracking-id="other"><li data-svc-item="p2" data-svc-strategy="popular" data-svc-weight="1">x</li></ol>',
    );
    stop = observeDeclared(undefined);
    expect(events.map(([, data]) => data.id)).toEqual(['p2']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/^svc: data-svc-item ignored: trackingId /);
  });

  it.each([
    ['malformed JSON', `data-svc-item='{"id":'`, /JSON|Unexpected|Expected/],
    ['no weight', 'data-svc-item="p1" data-svc-strategy="popular"', /item\.weight /],
    ['no strategy', 'data-svc-item="p1" data-svc-weight="1"', /item\.strategy /],
    [
      'a position of 0',
      'data-svc-item="p1" data-svc-strategy="popular" data-svc-weight="1" data-svc-position="0"',
      /position /,
    ],
  ])('%s: said on the console, nothing observed', (_, attributes, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(`<ol data-svc-recommendations><li ${attributes}>x</li></ol>`);
    stop = observeDeclared(TID);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(message);
    expect(events).toEqual([]);
    expect(observedCount()).toBe(0);
  });
});
