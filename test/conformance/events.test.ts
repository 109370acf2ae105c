// @vitest-environment happy-dom
// Tracking events: the platform reference names the events (`shown`, `clicked`, the tracking events used as
// inputs) and leaves their address and payload "not shown"; PROTOCOL.md's "Tracking events" fixes
// them. Each request of the public clients is held to both, and the mock's answer to PROTOCOL.md.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recommendations } from '../../src/recommendations';
import { createTracker, type Tracker } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { clearCookies } from '../support/set-cookie';
import { platform, protocol } from './cite';
import { type Exchange, recordExchanges } from './wire';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const wire = recordExchanges(mock);
const TID = 'shop1';
const EVENTS = `https://events.svc.example/events/v1/${TID}`;
const item = { id: 'p1', weight: 0.8, strategy: 'cf_viewed' };
const started: Tracker[] = [];

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  for (const tracker of started.splice(0)) tracker.stop();
});

/** PROTOCOL.md's event envelope: `meta` with its seven fields, then `data`. */
function expectEvent(event: unknown, type: string, data: object) {
  expect(event).toEqual({
    meta: {
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type,
      ts: expect.any(Number),
      visitorId: expect.any(String),
      pageViewId: expect.any(String),
      seq: expect.any(Number),
      url: expect.any(String),
    },
    data,
  });
}

/** A batch as PROTOCOL.md writes it, answered as it says. */
function expectBatch(exchange: Exchange, events: number) {
  expect(exchange.method).toBe('POST');
  expect(exchange.path).toBe(EVENTS);
  // "a simple request: no CORS preflight, beacon-safe"
  expect(exchange.contentType).toBe('text/plain;charset=UTF-8');
  expect(exchange.query.filter((part) => part !== 'encoding=gzip')).toEqual([]);
  const body = exchange.body as { sentAt: number; events: unknown[] };
  expect(Object.keys(body)).toEqual(['sentAt', 'events']);
  expect(body.sentAt).toEqual(expect.any(Number));
  expect(body.events).toHaveLength(events);
  expect(exchange.status).toBe(200);
  expect(exchange.answer).toEqual({ status: 200, accepted: events, duplicates: 0 });
  return body.events;
}

describe('recommendation events without a tracker: one direct POST each', () => {
  const direct = () => recommendations({ meta: { trackingId: TID, visitorId: 'visitor-1', experienceId: 7 } });

  it(
    platform("| shown | the client's `shown(item)` | `id`, `weight` (a number, or a string of one), `strategy` |"),
    async () => {
      expect(
        protocol('| recommendationShown | `id`, `weight` (number), `strategy`, optional `experienceId` |'),
      ).toBeTruthy();
      // `experienceId` travels as a string (docs/protocol-decisions.md): the experience's id as the page knows it.
      await direct().shown(item);
      const [exchange] = await wire.take();
      const [event] = expectBatch(exchange, 1);
      expectEvent(event, 'recommendationShown', { ...item, experienceId: '7' });
      expect((event as { meta: { visitorId: string } }).meta.visitorId).toBe('visitor-1');
    },
  );

  it(
    platform("| clicked | the client's `clicked(item)` | the shown fields and `position` (1-based rank)"),
    async () => {
      expect(protocol('| recommendationClicked | the shown fields plus `position` (1-based) |')).toBeTruthy();
      await direct().clicked(item, 3);
      const [exchange] = await wire.take();
      const [event] = expectBatch(exchange, 1);
      expectEvent(event, 'recommendationClicked', { ...item, experienceId: '7', position: 3 });
    },
  );

  it(platform("| shown | the client's `shown(item)`"), async () => {
    // "`weight` (number or numeric string)": the wire carries a number (PROTOCOL.md).
    await direct().shown({ ...item, weight: '0.5' as unknown as number });
    const [event] = expectBatch((await wire.take())[0], 1);
    expect((event as { data: { weight: unknown } }).data.weight).toBe(0.5);
  });
});

describe('the tracker: tracking events in batches', () => {
  it(platform('The tracking events that feed the catalog and can start an integration are `ecUser`'), async () => {
    expect(protocol('POST {events}/events/v1/{trackingId}')).toBeTruthy();
    const tracker = createTracker({ trackingId: TID, consent: 'granted', batchDelay: 0 });
    started.push(tracker);
    const product = { productId: 'p1', name: 'Jacket', categories: ['Jackets'], price: { value: 20, currency: 'GBP' } };
    tracker.emit('ecUser', { user: { id: 'u1' } });
    tracker.emit('ecProduct', { eventType: 'detail', product });
    tracker.emit('ecBasketItemAction', { action: 'add', product, quantity: 1 });
    tracker.emit('ecBasketItemTransaction', { transaction: { id: 't1' }, product, quantity: 1 });
    tracker.emit('ecBasketTransactionSummary', {
      transaction: { id: 't1' },
      basket: { total: { value: 20, currency: 'GBP' } },
    });
    await tracker.flush();
    const exchanges = await wire.take();
    const events = exchanges.flatMap((exchange) =>
      expectBatch(exchange, (exchange.body as { events: [] }).events.length),
    );
    const types = events.map((event) => (event as { meta: { type: string } }).meta.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'ecUser',
        'ecProduct',
        'ecBasketItemAction',
        'ecBasketItemTransaction',
        'ecBasketTransactionSummary',
      ]),
    );
    expectEvent(events[types.indexOf('ecProduct')], 'ecProduct', { eventType: 'detail', product });
    expectEvent(events[types.indexOf('ecBasketTransactionSummary')], 'ecBasketTransactionSummary', {
      transaction: { id: 't1' },
      basket: { total: { value: 20, currency: 'GBP' } },
    });
    expect(mock.platform.inspect.events.received(TID).length).toBe(events.length);
  });

  it(
    protocol('-> 400 malformed batch (not retried), 413 over 64 KiB, 429 with Retry-After, 5xx (retried)'),
    async () => {
      const response = await fetch(EVENTS, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: '{"events": "not a list"}',
      });
      expect(response.status).toBe(400);
    },
  );
});
