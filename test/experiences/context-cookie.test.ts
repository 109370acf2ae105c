// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextCookie } from '../../src/experiences';
import { cookieWrite } from '../support/set-cookie';

// contextCookie(): the Set-Cookie value a server puts on the page-load response.
const NOW = Date.parse('2026-11-21T12:00:00Z');
const EXPIRES = 'Sun, 21 Nov 2027 12:00:00 GMT';
const YEAR = 31536000;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('contextCookie', () => {
  it('sets _svcTracker on the cookie domain the host is under, for a year, Lax and Secure', () => {
    expect(cookieWrite(contextCookie('abc-123', ['.shop.example'], 'www.shop.example'))).toEqual(
      cookieWrite(
        `_svcTracker=abc-123; Domain=shop.example; Path=/; Expires=${EXPIRES}; Max-Age=${YEAR}; SameSite=Lax; Secure`,
      ),
    );
  });

  it('matches the host itself, case and port aside', () => {
    expect(contextCookie('v', ['shop.example'], 'SHOP.example:8443')).toContain('; Domain=shop.example;');
  });

  it('takes the widest matching domain (the one the tracker writes), not one the host is outside of', () => {
    const cookie = contextCookie('v', ['other.example', '.eu.shop.example', '.shop.example'], 'www.eu.shop.example');
    expect(cookie).toContain('; Domain=shop.example;');
  });

  it('does not match a domain that only ends with the same letters', () => {
    expect(cookieWrite(contextCookie('v', ['.shop.example'], 'evilshop.example'))).toEqual(
      cookieWrite(`_svcTracker=v; Path=/; Expires=${EXPIRES}; Max-Age=${YEAR}; SameSite=Lax; Secure`),
    );
  });

  it('is a host-only cookie when no domain matches, none is given, or the match is a single label', () => {
    const hostOnly = `_svcTracker=v; Path=/; Expires=${EXPIRES}; Max-Age=${YEAR}; SameSite=Lax`;
    expect(cookieWrite(contextCookie('v', [], 'http://localhost:5173/page'))).toEqual(cookieWrite(hostOnly));
    expect(cookieWrite(contextCookie('v', ['localhost'], 'http://localhost:5173'))).toEqual(cookieWrite(hostOnly));
    expect(cookieWrite(contextCookie('v', ['.shop.example'], 'http://staging.internal'))).toEqual(
      cookieWrite(hostOnly),
    );
  });

  it('Secure follows the URL scheme, a bare host means https, and the option decides last', () => {
    expect(cookieWrite(contextCookie('v', ['.shop.example'], 'https://www.shop.example/p?q=1')).secure).toBe(true);
    expect(contextCookie('v', ['.shop.example'], 'http://www.shop.example/')).not.toContain('Secure');
    expect(contextCookie('v', ['.shop.example'], 'www.shop.example', { secure: false })).not.toContain('Secure');
    expect(cookieWrite(contextCookie('v', ['.shop.example'], 'http://www.shop.example', { secure: true })).secure).toBe(
      true,
    );
  });

  it('refuses a secure option that is not a boolean', () => {
    expect(() => contextCookie('v', [], 'shop.example', { secure: 'yes' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'options.secure' }),
    );
  });

  it('percent-encodes a contextId that is not cookie-safe', () => {
    expect(contextCookie('a b;c=d', [], 'shop.example').split('; ')[0]).toBe('_svcTracker=a%20b%3Bc%3Dd');
  });

  it.each([
    ['', ['.shop.example'], 'shop.example', 'contextId'],
    [7, ['.shop.example'], 'shop.example', 'contextId'],
    ['v', '.shop.example', 'shop.example', 'cookieDomains'],
    ['v', [7], 'shop.example', 'cookieDomains'],
    ['v', [], '', 'requestHost'],
    ['v', [], 'https://', 'requestHost'],
    ['v', [], undefined, 'requestHost'],
  ])('refuses (%j, %j, %j): INVALID_ARGUMENT naming %s', (contextId, domains, host, argument) => {
    expect(() => contextCookie(contextId as string, domains as string[], host as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument }),
    );
  });
});
