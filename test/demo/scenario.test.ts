// The demo's scenario format (demo/scenario.ts): what it accepts and refuses, and the link's
// encoding (gzip, base64url in the fragment) round-tripping a real platform snapshot.
import { describe, expect, it } from 'vitest';
import {
  checkScenario,
  LINK_PREFIX,
  MAX_LINK_LENGTH,
  parseScenario,
  type Scenario,
  ScenarioError,
  scenarioLink,
  scenarioOfFragment,
} from '../../demo/scenario';
import { createMockPlatform } from '../../src/mock';

function scenario(): Scenario {
  const platform = createMockPlatform({ now: '2026-11-23T12:00:00Z' });
  platform.admin.createProperty('demo_shop');
  platform.services.stash.kvSet({
    trackingId: 'demo_shop',
    level: 'public',
    key: 'v1:cart',
    body: { data: '["p010"]' },
  });
  platform.faults.set('experiences', { status: 500 });
  return {
    format: 'svc-demo-scenario',
    version: 1,
    url: '/category/Bags?x=1',
    snapshot: platform.snapshot(),
    faults: platform.faults.list(),
    rules: '[{"condition": {"==": [1, 1]}, "factor": 2}]',
    clock: { now: platform.clock.now(), frozen: true },
    page: { widgets: { limit: 6, timeout: 0 }, storage: { 'demo.locale': 'de-EUR' }, cookies: { _svcTracker: 'v1' } },
  };
}

const refusal = (value: unknown) => {
  try {
    checkScenario(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).code).toBe('INVALID_SCENARIO');
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('demo scenarios', () => {
  it('accepts a scenario and restores the same platform from its snapshot', () => {
    const s = scenario();
    expect(checkScenario(JSON.parse(JSON.stringify(s)))).toEqual(s);
    const again = createMockPlatform({ state: checkScenario(s).snapshot });
    expect(again.inspect.stash.snapshot('demo_shop')).toEqual(
      createMockPlatform({ state: s.snapshot }).inspect.stash.snapshot('demo_shop'),
    );
    expect(JSON.stringify(again.inspect.stash.snapshot('demo_shop'))).toContain('p010');
  });

  it('refuses another format or version, and each malformed part, naming it', () => {
    const s = scenario();
    expect(refusal(null)).toBe('not a demo scenario (expected "format": "svc-demo-scenario")');
    expect(refusal({ ...s, format: 'svc-mock-state' })).toBe(
      'not a demo scenario (expected "format": "svc-demo-scenario")',
    );
    expect(refusal({ ...s, version: 2 })).toBe('scenario version 2 is not supported: this demo reads version 1');
    expect(refusal({ ...s, url: 'https://example.com/' })).toBe('url must be a path of the demo, starting with "/"');
    expect(refusal({ ...s, url: '//example.com/' })).toBe('url must be a path of the demo, starting with "/"');
    expect(refusal({ ...s, snapshot: { ...s.snapshot, version: 9 } })).toBe(
      'snapshot: state version 9 is not supported: this svc-mock reads version 1',
    );
    expect(refusal({ ...s, faults: { nowhere: {} } })).toMatch(/^faults\.nowhere is not a route/);
    expect(refusal({ ...s, faults: { stash: 500 } })).toBe('faults.stash must be a fault object');
    expect(refusal({ ...s, rules: [] })).toBe('rules must be the rules editor text (a string)');
    expect(refusal({ ...s, clock: { now: 'noon', frozen: true } })).toBe(
      'clock must be {"now": <epoch ms>, "frozen": <boolean>}',
    );
    expect(refusal({ ...s, page: { ...s.page, widgets: { limit: 6 } } })).toMatch(/^page\.widgets must be/);
    expect(refusal({ ...s, page: { ...s.page, storage: { basket: 1 } } })).toBe(
      'page.storage must be an object of strings',
    );
    expect(refusal({ ...s, page: { ...s.page, cookies: [] } })).toBe('page.cookies must be an object of strings');
    expect(() => parseScenario('{"format":')).toThrow(/^not JSON: /);
  });

  it('a link carries the scenario gzipped, base64url, in the fragment, and gives it back', async () => {
    const s = scenario();
    const { link, tooLong } = await scenarioLink(s, 'http://localhost:5173');
    expect(tooLong).toBe(false);
    expect(link).toMatch(/^http:\/\/localhost:5173\/category\/Bags\?x=1#scenario=[A-Za-z0-9_-]+$/);
    const fragment = new URL(link).hash;
    expect(await scenarioOfFragment(fragment)).toEqual(s);
    expect(fragment.length).toBeLessThan(JSON.stringify(s).length);
  });

  it('says when a link would be too long, and refuses a damaged one', async () => {
    const s = scenario();
    s.rules = Array.from({ length: 4000 }, (_, i) => `${i}:${Math.random()}`).join('\n');
    const { link, tooLong } = await scenarioLink(s, 'http://localhost:5173');
    expect(link.length).toBeGreaterThan(MAX_LINK_LENGTH);
    expect(tooLong).toBe(true);
    const good = new URL((await scenarioLink(scenario(), 'http://localhost:5173')).link).hash;
    await expect(scenarioOfFragment(good.slice(0, good.length / 2))).rejects.toThrow(
      'the link is damaged (not a gzipped scenario): was it cut short?',
    );
    await expect(scenarioOfFragment(`${LINK_PREFIX}not base64!`)).rejects.toThrow(
      'the link is damaged (not base64url)',
    );
    await expect(scenarioOfFragment('#other')).rejects.toThrow(ScenarioError);
  });
});
