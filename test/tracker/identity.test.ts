// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { removeCookie, writeCookie } from '../../src/core/cookies';
import { PERMANENT_COOKIE, readVisitorId, VISITOR_COOKIE } from '../../src/core/visitor-id';
import { COOKIES, cookieDomain, readIdentity, removeIdentity, writeIdentity } from '../../src/tracker/identity';

// The cookie layer in happy-dom; domains on real hosts (.example.co.uk) are in test/e2e/tracker.spec.ts.
beforeEach(() => {
  for (const name of [...COOKIES, '_svcProbe']) removeCookie(name);
  expect(document.cookie).toBe('');
});

describe('identity cookies', () => {
  it('are the names core reads (VISITOR_COOKIE, PERMANENT_COOKIE)', () => {
    expect(COOKIES).toEqual([VISITOR_COOKIE, PERMANENT_COOKIE]);
  });

  it('writes both with the given id when none exists; core reads the same id', () => {
    expect(writeIdentity('new-id', '')).toBe('new-id');
    expect(document.cookie).toBe('_svcTracker=new-id; svc_permanent=new-id');
    expect(readVisitorId()).toBe('new-id');
  });

  it('never replaces an existing id; svc_permanent alone gives the id before its first ":"', () => {
    writeCookie('svc_permanent', 'old:123');
    expect(readIdentity()).toBe('old');
    expect(writeIdentity('new-id', '')).toBe('old');
    expect(document.cookie.split('; ').sort()).toEqual(['_svcTracker=old', 'svc_permanent=old:123']);
  });

  it('removes both', () => {
    writeIdentity('x', '');
    removeIdentity('');
    expect([document.cookie, readIdentity()]).toEqual(['', undefined]);
  });

  it('localhost and IP addresses take host cookies; the probe leaves no cookie behind', () => {
    expect(cookieDomain('localhost')).toBe('');
    expect(cookieDomain('127.0.0.1')).toBe('');
    expect(document.cookie).toBe('');
  });
});
