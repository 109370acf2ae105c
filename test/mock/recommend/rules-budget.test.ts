// Rules run in bounded time whatever their content (issue 20, point 1): `match` on a linear-time
// engine (RE2), and a step budget for JsonLogic evaluation refused with HTTP 400 naming the rule.
import { describe, expect, it } from 'vitest';
import { InvalidRuleError, type Rule } from '../../../src/mock/platform/recommend';
import { RULE_LIMITS } from '../../../src/mock/platform/recommend/rules';
import { useMockPlatform } from '../../support/mock-server';
import { ask, emptyShop, NOW, product, purchases, TID } from './support';

const LONG_A = 'a'.repeat(RULE_LIMITS.valueLength);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A shop of 40 products, each with a 1,024-character name of `a`s, all bought. */
function shopOf(platform = emptyShop()) {
  const ids = range(40).map((i) => `p${i}`);
  platform.admin.recommend.loadFeed(
    TID,
    ids.map((id) => product(id, {}, { name: LONG_A })),
  );
  platform.admin.recommend.recordInteractions(
    TID,
    ids.flatMap((id, i) => purchases(`v${i}`, [id], `t${i}`, NOW - 1000, 1)),
  );
  return platform;
}

/** `some` nested `depth` deep, each over a literal array of `width` numbers: width^depth evaluations. */
function nestedSome(depth: number, width: number): Record<string, unknown> {
  let condition: Record<string, unknown> = { '==': [{ var: '' }, -1] };
  for (let i = 0; i < depth; i++) condition = { some: [range(width), condition] };
  return condition;
}

/**
 * CPU milliseconds `run` takes: the rule's own cost, not the waits of a machine shared with other
 * test processes (the engine is synchronous, so its wall time is this plus whatever the OS
 * scheduler gave to others).
 */
function timed(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

describe('rules in bounded time', () => {
  it('match with (.*a){8}x and (.*a){2}x on 1,024-character values is evaluated (false) within 50 ms', () => {
    const platform = shopOf();
    for (const pattern of ['(.*a){8}x', '(.*a){2}x']) {
      const rules: Rule[] = [{ condition: { match: [{ var: 'rec.name' }, pattern] }, factor: 0 }];
      let kept = 0;
      const ms = timed(() => (kept = ask(platform, { rules, n: 50 }).items.length));
      expect([pattern, kept]).toEqual([pattern, 40]); // no name matches: nothing removed
      expect(ms).toBeLessThan(50);
    }
  });

  it('patterns once refused as backtracking are linear now and evaluated: (a+)+$, (Red|Green)+', () => {
    const platform = shopOf();
    const rules: Rule[] = [
      { condition: { match: [{ var: 'rec.name' }, '(a+)+$'] }, factor: 2 },
      { condition: { match_some: [{ var: 'rec.name' }, ['^(Red|Green)+ ', 'x*x*x*x*b']] }, factor: 0 },
    ];
    const result = ask(platform, { rules, n: 50, debug: true });
    expect(result.items).toHaveLength(40);
    expect(result.rules?.map((r) => r.matched.length)).toEqual([40, 0]);
  });

  it('a 3-deep nested some within the 1,000-node cap is refused within 50 ms, naming the rule', () => {
    const platform = shopOf();
    const condition = nestedSome(3, 300); // 27 million evaluations
    const rules: Rule[] = [
      { condition: { '==': [1, 1] }, factor: 1 },
      { name: 'deep', condition, factor: 2 },
    ];
    let error: unknown;
    const refuse = () => {
      try {
        ask(platform, { rules });
      } catch (e) {
        error = e;
      }
    };
    // The first refusal runs the evaluator before V8 has optimised it, and V8's compiler threads count
    // in the process's CPU time: 48 to 57 ms on Node 22, against 11 to 13 ms for the refusal itself.
    refuse();
    error = undefined;
    const ms = timed(refuse);
    expect(error).toBeInstanceOf(InvalidRuleError);
    expect((error as InvalidRuleError).path).toBe('rules[1]');
    expect((error as Error).message).toMatch(/^rules\[1\] takes more than 50000 evaluation steps in one request/);
    expect(ms).toBeLessThan(50);
  });

  it('a reduce that doubles a string or an array at each element is refused, not run out of memory', () => {
    const platform = shopOf();
    for (const condition of [
      { reduce: [range(60), { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'x'] },
      { reduce: [range(60), { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [1]] },
    ]) {
      expect(() => ask(platform, { rules: [{ condition, factor: 2 }] })).toThrow(/^rules\[0\] takes more than/);
    }
  });

  it('an ordinary rule on every candidate stays within budget: the budget is per rule per request', () => {
    const platform = shopOf();
    const rules: Rule[] = [
      { condition: { some: [range(5), { some: [range(5), { '==': [{ var: '' }, 9] }] }] }, factor: 2 },
      { condition: { match: [{ var: 'rec.name' }, '^a+$'] }, factor: 3 },
    ];
    const result = ask(platform, { rules, n: 50, debug: true });
    expect(result.rules?.map((r) => r.matched.length)).toEqual([0, 40]);
  });

  it('global rules over budget are refused naming them too', () => {
    const platform = shopOf();
    platform.admin.recommend.setGlobalRules(TID, [{ condition: nestedSome(3, 100), factor: 2 }]);
    expect(() => ask(platform, {})).toThrow(/^global rules\[0\] takes more than/);
  });
});

describe('rules in bounded time, over HTTP', () => {
  const mock = useMockPlatform({ now: NOW });
  const url = (n: number) => `https://recs.svc.example/vc/recommend/2.1/${TID}?strategy=popular&n=${n}`;
  const post = (rules: Rule[], n = 10) =>
    fetch(url(n), { method: 'POST', body: JSON.stringify({ h: ['all'], rules }) });

  it('answers 400 naming rules[i] for a rule over budget, and answers another request meanwhile', async () => {
    mock.platform.admin.createProperty(TID);
    shopOf(mock.platform);
    const deep = post([{ condition: nestedSome(3, 300), factor: 2 }]);
    const other = post([{ condition: { match: [{ var: 'rec.name' }, '(.*a){8}x'] }, factor: 0 }], 3);
    const [refused, answered] = await Promise.all([deep, other]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      status: 400,
      message: expect.stringMatching(
        /^parameter rules has an invalid value: rules\[0\] takes more than 50000 evaluation steps/,
      ),
    });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { result: { items: unknown[] } }).result.items).toHaveLength(3);
  });
});
