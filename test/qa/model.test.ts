import { describe, expect, it } from 'vitest';
import type { QaRecord } from '../../src/core/qa-channel';
import { answerOf, areaOf, readState } from '../../src/qa/model';

const event = (id: string, type: string) => ({ meta: { id, type, ts: 1 }, data: { type: 'home' } });
const queued = (id: string, type: string) => ({ json: JSON.stringify(event(id, type)) });
const record = (area: string, fields: Record<string, unknown>, at = 10): QaRecord => ({ area, at, ...fields });

describe('the QA overlay reads the channel', () => {
  it('follows each event through its deliveries: retried with the reason, then acknowledged or dropped', () => {
    const state = readState(
      [
        record('send', { events: [queued('a', 'ecView'), queued('b', 'ecProduct')] }),
        record('answer', { events: [queued('a', 'ecView'), queued('b', 'ecProduct')], status: 503 }),
        record('send', { events: [queued('a', 'ecView')] }),
        record('answer', { events: [queued('a', 'ecView')], status: 200 }),
        record('answer', { events: [queued('b', 'ecProduct')], status: 400 }),
        record('answer', { events: [queued('c', 'ecView')], status: undefined }),
      ],
      [event('a', 'ecView'), event('b', 'ecProduct'), event('d', 'ecBasketItemAction')],
    );
    const byId = Object.fromEntries(state.events.map((e) => [e.id, [e.state, ...e.reasons]]));
    expect(byId).toEqual({
      a: ['acknowledged', 'HTTP 503', 'HTTP 200'],
      b: ['dropped', 'HTTP 503', 'refused: HTTP 400'],
      c: ['retried', 'no answer (network failure or timeout)'],
      d: ['queued'],
    });
  });

  it('marks an event seen as it happened with consent denied as withheld, never queued', () => {
    const state = readState([], [{ ...event('a', 'ecView'), withheld: true }, event('b', 'ecView')]);
    expect(state.events.map((e) => [e.id, e.state, ...e.reasons])).toEqual([
      ['a', 'withheld', 'consent denied'],
      ['b', 'queued'],
    ]);
  });

  it('reads a get: strategy, n, locale, items with their strategy, timing and error code', () => {
    const url = 'http://mock/vc/recommend/2.1/shop?strategy=pllr&n=2';
    const result = {
      status: 200,
      result: { items: [{ id: 'p1' }, { id: 'p2', strategy: 'cf_viewed' }], locale: 'de-EUR' },
    };
    const state = readState([
      record('request', { method: 'POST', url, json: { h: ['all'] }, started: 4, result }),
      record('request', { method: 'POST', url, started: 8, error: { code: 'TIMEOUT' } }, 20),
      record('request', { method: 'GET', url: 'http://mock/stash/v1.1/kv/get/shop/public/cart', started: 9 }),
    ]);
    expect(state.gets.map((g) => [g.strategy, g.n, g.locale, g.items, g.ms, g.code])).toEqual([
      ['pllr', '2', 'from the page', [], 12, 'TIMEOUT'],
      ['pllr', '2', 'de-EUR', ['p1 (pllr)', 'p2 (cf_viewed)'], 6, undefined],
    ]);
    expect(state.calls.map((c) => c.area)).toEqual(['stash']);
  });

  it('keeps one row per observed item: waiting, viewable, shown, clicked, removed', () => {
    const item = (id: string) => ({ id, strategy: 'popular' });
    const seen = (id: string, state: string, position = 1) => record('impression', { state, item: item(id), position });
    const state = readState([
      seen('p1', 'observed'),
      seen('p2', 'observed', 2),
      seen('p3', 'observed', 3),
      seen('p1', 'viewable'),
      seen('p2', 'viewable', 2),
      seen('p1', 'shown'),
      seen('p1', 'clicked'),
      seen('p3', 'stopped', 3),
    ]);
    expect(state.impressions.map((i) => [i.id, i.state, i.shown, i.clicks])).toEqual([
      ['p3', 'removed', false, 0],
      ['p2', 'viewable', false, 0],
      ['p1', 'clicked', true, 1],
    ]);
  });

  it('says where the visitor id came from', () => {
    const from = (cookies: unknown[]) => readState([record('visitor', { cookies })]).visitorSource;
    expect([from(['v1', 'v1']), from([undefined, 'v1:x']), from([undefined, undefined])]).toEqual([
      '_svcTracker cookie',
      'svc_permanent cookie',
      'generated on this page',
    ]);
    expect(readState([]).visitorSource).toBeUndefined();
  });

  it('names the interface of a URL and reads an answer by the tracker own rule', () => {
    expect(
      [
        'https://x/vc/recommend/2.1/s',
        'https://x/stash/v1.1/kv/set/s/public/k',
        'https://x/v1/s/experiences',
        'https://x/v1/callback?data=1',
        'https://x/v1/s/integrations/n/execute',
        'https://x/else',
      ].map(areaOf),
    ).toEqual(['recommendations', 'stash', 'experiences', 'experiences', 'integrations', 'other']);
    expect([429, 413, 204].map((status) => answerOf(status).state)).toEqual(['retried', 'dropped', 'acknowledged']);
  });
});
