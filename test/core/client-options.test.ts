// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionUrl, readConnection, readTimeout } from '../../src/core/client-options';
import { InvalidArgumentError } from '../../src/core/errors';
import { createExperiencesClient } from '../../src/experiences';
import { createIntegration } from '../../src/integrations';
import { createStash } from '../../src/stash';
import { createTracker } from '../../src/tracker';
import { thrown } from '../support/failure';

// The one contract of every client's connection options (src/core/client-options.ts).
const NONE_ALLOWED = { default: 0, least: 0 } as const;
const MUST_END = { default: 10_000, least: 1 } as const;

/** What the QA overlay's mock switch writes: the mock's URL, and the session cookie saying to look for it. */
const switchTo = (url: string) => {
  sessionStorage.setItem('svc-qa-mock', url);
  document.cookie = 'svc_qa_mock=1; Path=/';
};
afterEach(() => {
  sessionStorage.clear();
  document.cookie = 'svc_qa_mock=; Path=/; Max-Age=0';
});

describe('readTimeout: one rule for every client', () => {
  it('whole ms up to 2^31-1; the default when none is given', () => {
    expect(readTimeout('t', undefined, MUST_END)).toBe(10_000);
    expect(readTimeout('t', 0, NONE_ALLOWED)).toBe(0);
    expect(readTimeout('t', 2 ** 31 - 1, MUST_END)).toBe(2 ** 31 - 1);
  });

  it.each([-1, 1.5, 2 ** 31, Number.NaN, Infinity, '5', null])('refuses %s, naming the argument', (value) => {
    const error = thrown(() => readTimeout('options.timeout', value, NONE_ALLOWED), InvalidArgumentError);
    expect(error).toMatchObject({ argument: 'options.timeout', value });
    expect(error.message).toBe(
      `options.timeout must be whole ms from 0 to 2^31-1 (got ${error.message.split('(got ')[1]}`,
    );
  });

  it('0 (none) is refused where something must always end', () => {
    const error = thrown(() => readTimeout('options.requestTimeout', 0, MUST_END), InvalidArgumentError);
    expect(error.message).toContain('must be whole ms from 1 to 2^31-1');
  });
});

describe('readConnection', () => {
  it('reads the tracking id (encoded as a path segment), the endpoint and the timeout', () => {
    expect(
      readConnection({ trackingId: 'shop~1', endpoint: 'https://own.example/', timeout: 5 }, NONE_ALLOWED),
    ).toEqual({ trackingId: 'shop~1', endpoint: 'https://own.example/', timeout: 5 });
  });

  it('checks in order trackingId, endpoint, timeout, each under the name the client gives it', () => {
    const names = { trackingId: 'trackingId', endpoint: 'endpoint', timeout: 'timeout' };
    const all = { trackingId: 'a/b', endpoint: 'javascript:alert(1)', timeout: -1 };
    expect(thrown(() => readConnection(all, NONE_ALLOWED, names), InvalidArgumentError).argument).toBe('trackingId');
    expect(
      thrown(() => readConnection({ ...all, trackingId: 'a' }, NONE_ALLOWED, names), InvalidArgumentError).argument,
    ).toBe('endpoint');
    const onlyTimeout = { trackingId: 'a', timeout: -1 };
    expect(thrown(() => readConnection(onlyTimeout, NONE_ALLOWED), InvalidArgumentError).argument).toBe(
      'options.timeout',
    );
  });

  it('every client refuses a timeout of 2^31 ms (a longer timer fires at once) with the same message', () => {
    const timeout = 2 ** 31;
    const messages = [
      thrown(() => createStash('kv', 't', { timeout })).message,
      thrown(() => createIntegration('n', { trackingId: 't', timeout })).message,
      thrown(() => createExperiencesClient({ trackingId: 't', timeout })).message,
      thrown(() => createTracker({ trackingId: 't', requestTimeout: timeout })).message,
    ];
    for (const message of messages) expect(message).toMatch(/timeout must be whole ms from [01] to 2\^31-1/i);
  });
});

describe('connectionUrl: the QA mock switch redirects every client', () => {
  const fresh = async () => {
    vi.resetModules();
    return import('../../src/core/client-options');
  };

  it('a base endpoint: the route on the client endpoint, else the default; on the mock when the tab is switched', async () => {
    let core = await fresh();
    expect(core.connectionUrl('stash', { endpoint: 'https://own.example/' }, '/stash/x')).toBe(
      'https://own.example/stash/x',
    );
    expect(core.connectionUrl('stash', { endpoint: undefined }, '/stash/x')).toBe('https://stash.svc.example/stash/x');
    switchTo('http://127.0.0.1:4010');
    core = await fresh();
    expect(core.connectionUrl('stash', { endpoint: 'https://own.example' }, '/stash/x')).toBe(
      'http://127.0.0.1:4010/stash/x',
    );
  });

  it("a route's full URL (recommendations'): used as given, and answered by the mock when the tab is switched", async () => {
    const own = { endpoint: 'https://own.example/recs/' };
    expect(connectionUrl('recs', own, '/vc/recommend/2.1', 'route')).toBe('https://own.example/recs');
    switchTo('http://127.0.0.1:4010');
    const core = await fresh();
    expect(core.connectionUrl('recs', own, '/vc/recommend/2.1', 'route')).toBe(
      'http://127.0.0.1:4010/vc/recommend/2.1',
    );
  });
});
