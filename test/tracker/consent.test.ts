// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { type ConsentContext, createConsent } from '../../src/tracker/consent';
import { createQueue } from '../../src/tracker/queue';
import { clearCookies } from '../support/set-cookie';
import { idle } from './helpers';

const TID = 'shop_1';
const cookies = () => document.cookie;

function setUp(initial: 'granted' | 'pending' | 'denied') {
  const queue = createQueue({ trackingId: TID, maxQueue: 10, dropped: { overflow: 0 }, warn() {} });
  const context: ConsentContext = {
    trackingId: TID,
    pageViewId: 'page1',
    cookieDomain: '',
    queue,
    warn: vi.fn(),
    onInvalid: vi.fn(),
  };
  const consent = createConsent(initial, context);
  const send = vi.fn();
  consent.whenGranted(send);
  consent.begin();
  return { consent, queue, context, send };
}

describe('createConsent', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
  });

  it('granted: writes both visitor cookies, opens storage, and sends', () => {
    const { consent, send } = setUp('granted');
    expect(consent.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookies()).toContain(`_svcTracker=${consent.visitorId}`);
    expect(cookies()).toContain(`svc_permanent=${consent.visitorId}`);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('pending: a visitor id for the page, nothing written, nothing sent; granting later writes that id', async () => {
    const { consent, send, queue } = setUp('pending');
    const id = consent.visitorId;
    queue.add(['{"meta":{"id":"e1"}}']);
    expect(cookies()).toBe('');
    expect(Object.keys(localStorage)).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    consent.set('granted');
    expect(consent.visitorId).toBe(id);
    expect(cookies()).toContain(`_svcTracker=${id}`);
    await idle(); // storage opens in idle time
    expect(Object.keys(localStorage).some((k) => k.startsWith(`_svcq:${TID}:page1:`))).toBe(true);
  });

  it('an existing visitor id in the cookies is kept, never replaced', () => {
    document.cookie = '_svcTracker=known-visitor; Path=/';
    const { consent } = setUp('granted');
    expect(consent.visitorId).toBe('known-visitor');
  });

  it('withdrawn: the queue and its stored copy dropped, both cookies removed, no visitor id', () => {
    const { consent, queue } = setUp('granted');
    queue.add(['{"meta":{"id":"e1"}}']);
    queue.save();
    consent.set('denied');
    expect(consent.state).toBe('denied');
    expect(consent.visitorId).toBeUndefined();
    expect(queue.length).toBe(0);
    expect(cookies()).toBe('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('_svcq:'))).toEqual([]);
  });

  it('denied from the start: no visitor id, nothing written', () => {
    const { consent } = setUp('denied');
    expect(consent.visitorId).toBeUndefined();
    expect(cookies()).toBe('');
  });

  // An earlier visit granted and wrote the visitor's cookies; on this page the visitor has withdrawn.
  const earlierVisit = () => {
    document.cookie = '_svcTracker=earlier-visitor; Path=/';
    document.cookie = 'svc_permanent=earlier-visitor; Path=/';
    document.cookie = 'shop_cart=3; Path=/';
  };

  it("denied from the start: an earlier visit's cookies removed, the shop's kept", () => {
    earlierVisit();
    const { consent } = setUp('denied');
    expect(consent.visitorId).toBeUndefined();
    expect(cookies()).toBe('shop_cart=3');
  });

  it("pending, then denied: an earlier visit's cookies removed, nothing written", () => {
    earlierVisit();
    const { consent, queue } = setUp('pending');
    expect(consent.visitorId).toBe('earlier-visitor');
    queue.add(['{"meta":{"id":"e1"}}']);
    consent.set('denied');
    expect(consent.visitorId).toBeUndefined();
    expect(queue.length).toBe(0);
    expect(cookies()).toBe('shop_cart=3');
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('refuses a state other than granted or denied, naming it', () => {
    const { consent } = setUp('pending');
    expect(() => consent.set('pending' as never)).toThrow(InvalidArgumentError);
    expect(() => consent.set('yes' as never)).toThrow(/state must be one of granted, denied/);
  });
});
