// @vitest-environment happy-dom
// `setEndpoints({ platform })`: one base URL for every interface (the shop's platform route), a
// path resolved against the page; an interface's own base URL still wins; and an experience's
// callback sent through the route with its path and query byte for byte.
import { createExperiencesClient } from '@svc/experiences';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../src/core';
import { endpointFor, platformFor, setEndpoints, throughPlatform } from '../../src/core/endpoints';

const INTERFACES = ['recs', 'experiences', 'stash', 'events', 'integrations'] as const;

describe('setEndpoints({ platform })', () => {
  afterEach(() => {
    setEndpoints({ platform: undefined, events: undefined });
    vi.unstubAllGlobals();
  });

  it("sends every interface to the route, a path resolved against the page's address", () => {
    setEndpoints({ platform: '/svc/' });
    const base = `${location.origin}/svc`;
    for (const name of INTERFACES) expect(endpointFor(name)).toBe(base);
    expect(platformFor('experiences')).toBe(base);
  });

  it("an interface's own base URL, and a client's endpoint, still win", () => {
    setEndpoints({ platform: 'https://www.shop.example/svc', events: 'https://collector.example' });
    expect(endpointFor('events')).toBe('https://collector.example');
    expect(platformFor('events')).toBeUndefined();
    expect(endpointFor('recs', 'https://own.example')).toBe('https://own.example');
    expect(platformFor('recs', 'https://own.example')).toBeUndefined();
    expect(endpointFor('recs')).toBe('https://www.shop.example/svc');
  });

  it('refuses what is neither a URL nor a path, with InvalidArgumentError naming endpoints.platform', () => {
    for (const value of ['svc', '//evil.example/svc', 'ftp://x.example', 42]) {
      expect(() => setEndpoints({ platform: value as string })).toThrow(InvalidArgumentError);
      try {
        setEndpoints({ platform: value as string });
      } catch (error) {
        expect((error as InvalidArgumentError).argument).toBe('endpoints.platform');
      }
    }
  });

  it('refuses a path where there is no page (Node): an http(s) URL is needed there', () => {
    vi.stubGlobal('location', undefined);
    expect(() => setEndpoints({ platform: '/svc' })).toThrow(InvalidArgumentError);
  });
});

describe("an experience's callback through the route", () => {
  afterEach(() => {
    setEndpoints({ platform: undefined });
    vi.unstubAllGlobals();
  });

  it('keeps the path from /v1/callback and the query byte for byte, after the route base', () => {
    const callback = 'https://experiences.svc.example/v1/callback?data=eyJ0IjoiZGVtb19zaG9wIn0&x=%2F';
    expect(throughPlatform('https://www.shop.example/svc', callback)).toBe(
      'https://www.shop.example/svc/v1/callback?data=eyJ0IjoiZGVtb19zaG9wIn0&x=%2F',
    );
    expect(throughPlatform('https://s.example/svc', 'http://127.0.0.1:4010/base/v1/callback?data=a')).toBe(
      'https://s.example/svc/v1/callback?data=a',
    );
    // Another shape is sent as it is.
    expect(throughPlatform('https://s.example/svc', 'https://other.example/v1/callbacks?data=a')).toBe(
      'https://other.example/v1/callbacks?data=a',
    );
  });

  it('seen() posts to the route when the client goes through it, to the callback itself when not', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: Request | string) => {
      urls.push(typeof input === 'string' ? input : input.url);
      return Response.json({ status: 200 });
    });
    const payload = {
      payload: {},
      isControl: false,
      id: 1,
      variation: 11,
      callback: 'https://experiences.svc.example/v1/callback?data=abc',
    };
    setEndpoints({ platform: '/svc' });
    await createExperiencesClient({ trackingId: 'demo_shop' }).seen(payload, 'v1');
    await createExperiencesClient({ trackingId: 'demo_shop', endpoint: 'https://experiences.svc.example' }).seen(
      payload,
      'v1',
    );
    expect(urls).toEqual([
      `${location.origin}/svc/v1/callback?data=abc`,
      'https://experiences.svc.example/v1/callback?data=abc',
    ]);
  });
});
