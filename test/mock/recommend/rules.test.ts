import jsonLogic from 'json-logic-js';
import { RE2JS } from 're2js';
import { describe, expect, it, vi } from 'vitest';
import type { MockPlatform } from '../../../src/mock';
import { InvalidRuleError, type Rule } from '../../../src/mock/platform/recommend';
import { ask, emptyShop, ids, NOW, product, purchases, TID } from './support';

/** x sold 3, y 2, z 1: popular gives x, y, z with weights 3, 2, 1. */
function shop(): MockPlatform {
  const platform = emptyShop();
  platform.admin.recommend.loadFeed(TID, [
    product('x', { brand: 'Plain', categories: ['Shoes'] }, { name: 'Red runner', unit_price: 50 }),
    product(
      'y',
      { brand: 'Acme', categories: ['Shoes', 'Sale'] },
      { name: 'Blue walker', unit_price: 30, unit_sale_price: 20 },
    ),
    product('z', { brand: 'Acme', categories: ['Hats'] }, { name: 'Green hat', unit_price: 15 }),
  ]);
  platform.admin.recommend.recordInteractions(TID, [
    ...purchases('v1', ['x'], 't1', NOW, 3),
    ...purchases('v2', ['y'], 't2', NOW, 2),
    ...purchases('v3', ['z'], 't3'),
  ]);
  return platform;
}
const weights = (platform: MockPlatform, rules: Rule[] = [], extra = {}) =>
  ask(platform, { rules, ...extra }).items.map((i) => [i.id, i.weight]);

describe('rules', () => {
  it('a platform promotion applies factor 2 and re-ranks', () => {
    const platform = shop();
    expect(weights(platform)).toEqual([
      ['x', 3],
      ['y', 2],
      ['z', 1],
    ]);
    platform.admin.recommend.setPromotions(TID, [
      { name: 'Acme week', condition: { '==': [{ var: 'rec.brand' }, 'Acme'] } },
    ]);
    expect(weights(platform)).toEqual([
      ['y', 4],
      ['x', 3],
      ['z', 2],
    ]);
  });

  it('a factor-0 rule blacklists: the product is removed and the next one moves up', () => {
    const platform = shop();
    const result = ask(platform, {
      n: 2,
      rules: [{ name: 'no x', condition: { '==': [{ var: 'rec.id' }, 'x'] }, factor: 0 }],
    });
    expect(result.items.map((i) => [i.id, i.weight])).toEqual([
      ['y', 2],
      ['z', 1],
    ]);
  });

  it('weights stay finite numbers: factors multiplying past the largest double give Number.MAX_VALUE, not Infinity (null in JSON)', () => {
    const huge = { condition: { '==': [{ var: 'rec.id' }, 'z'] }, factor: 1e308 };
    expect(weights(shop(), [huge, huge])).toEqual([
      ['z', Number.MAX_VALUE],
      ['x', 3],
      ['y', 2],
    ]);
  });

  it('only factor 0 removes: positive factors underflowing to 0 keep the product, with the smallest positive weight', () => {
    const tiny = { condition: { '==': [{ var: 'rec.id' }, 'x'] }, factor: 1e-300 };
    expect(weights(shop(), [tiny, tiny])).toEqual([
      ['y', 2],
      ['z', 1],
      ['x', Number.MIN_VALUE],
    ]);
  });

  it('global, experience and request rules all apply and multiply', () => {
    const platform = shop();
    platform.admin.recommend.setGlobalRules(TID, [
      { name: 'shoes', condition: { in: ['Shoes', { var: 'rec.categories' }] }, factor: 1.5 },
    ]);
    platform.admin.recommend.setExperienceRules(TID, '7', [
      { name: 'no hats', condition: { in: ['Hats', { var: 'rec.categories' }] }, factor: 0 },
    ]);
    const rules = [{ condition: { '<': [{ var: 'rec.price' }, 25] }, factor: 3 }]; // y's price is its sale price, 20
    expect(weights(platform, rules, { experienceId: '7' })).toEqual([
      ['y', 9],
      ['x', 4.5],
    ]);
    expect(weights(platform, rules)).toEqual([
      ['y', 9],
      ['x', 4.5],
      ['z', 3],
    ]); // no experience: hats stay
  });

  it('rules see the seed: `seed.` compares with the first seed product', () => {
    const platform = shop();
    const sameBrand = [{ condition: { '==': [{ var: 'rec.brand' }, { var: 'seed.brand' }] }, factor: 10 }];
    expect(weights(platform, sameBrand, { seed: ['z'] })).toEqual([
      ['y', 20],
      ['x', 3],
    ]);
  });

  it('match and match_some test regular expressions; match on an array tests each element', () => {
    const platform = shop();
    expect(
      ids(ask(platform, { rules: [{ condition: { match: [{ var: 'rec.name' }, '^(Red|Green)'] }, factor: 0 }] })),
    ).toEqual(['y']);
    expect(
      ids(
        ask(platform, {
          rules: [{ condition: { match_some: [{ var: 'rec.name' }, ['walker$', '^Green']] }, factor: 0 }],
        }),
      ),
    ).toEqual(['x']);
    expect(
      ids(ask(platform, { rules: [{ condition: { match_some: [{ var: 'rec.name' }, []] }, factor: 0 }] })),
    ).toEqual(['x', 'y', 'z']);
    expect(
      ids(ask(platform, { rules: [{ condition: { match: [{ var: 'rec.categories' }, '^Sal'] }, factor: 0 }] })),
    ).toEqual(['x', 'z']);
    expect(
      ids(ask(platform, { rules: [{ condition: { '!': { match: [{ var: 'rec.brand' }, 'acme'] } }, factor: 0 }] })),
    ).toEqual([]); // case sensitive
  });

  it('an invalid regular expression is false, never an error', () => {
    const platform = shop();
    const rules = [
      { condition: { match: [{ var: 'rec.name' }, '(['] }, factor: 0 },
      { condition: { match_some: [{ var: 'rec.name' }, ['*bad', 'hat$']] }, factor: 0 },
    ];
    expect(ids(ask(platform, { rules }))).toEqual(['x', 'y']);
  });

  it('refuses at load a pattern over 256 characters, naming the rule', () => {
    const platform = shop();
    const long = 'a'.repeat(257);
    expect(() =>
      ask(platform, {
        rules: [
          { condition: { '==': [1, 1] }, factor: 1 },
          { condition: { match: [{ var: 'rec.name' }, long] }, factor: 0 },
        ],
      }),
    ).toThrow(new InvalidRuleError('rules[1].condition', 'has a pattern of 257 characters, over the limit of 256'));
    expect(() =>
      platform.admin.recommend.setGlobalRules(TID, [
        { condition: { match_some: [{ var: 'rec.name' }, ['ok', long]] }, factor: 0 },
      ]),
    ).toThrow('global rules[0].condition has a pattern of 257 characters');
    // 256 is allowed.
    expect(
      ids(ask(platform, { rules: [{ condition: { match: [{ var: 'rec.name' }, 'a'.repeat(256)] }, factor: 0 }] })),
    ).toEqual(['x', 'y', 'z']);
  });

  it('a computed pattern over 256 characters is false at run time', () => {
    const platform = shop();
    const rules = [{ condition: { match: [{ var: 'rec.name' }, { cat: ['.*', 'x'.repeat(300), '|.*'] }] }, factor: 0 }];
    expect(ids(ask(platform, { rules }))).toEqual(['x', 'y', 'z']);
  });

  it('patterns use RE2 syntax: no backreferences or lookaround (false, never an error)', () => {
    const platform = shop();
    const rules = [
      { condition: { match: [{ var: 'rec.name' }, '(R)e\\1'] }, factor: 0 },
      { condition: { match: [{ var: 'rec.name' }, '^(?=Blue)'] }, factor: 0 },
      { condition: { match: [{ var: 'rec.name' }, '(?i)^green'] }, factor: 0 }, // RE2's inline flag works
    ];
    expect(ids(ask(platform, { rules }))).toEqual(['x', 'y']);
  });

  it('a long value written in the rule is matched once, not once per candidate', () => {
    const literal = 'a literal value '.repeat(8);
    const test = vi.spyOn(RE2JS.prototype, 'test');
    try {
      const result = ask(shop(), {
        debug: true,
        rules: [{ condition: { match: [literal, '^a literal'] }, factor: 2 }],
      });
      expect(result.rules?.[0].matched).toEqual(['x', 'y', 'z']);
      expect(test.mock.calls.filter(([text]) => text === literal)).toHaveLength(1);
    } finally {
      test.mockRestore();
    }
  });

  it('refuses malformed rules with a message naming the field', () => {
    const platform = shop();
    const cases: [unknown, string][] = [
      [{ condition: { '==': [1, 1] } }, 'rules[0].factor must be a finite number >= 0 (got undefined)'],
      [{ condition: { '==': [1, 1] }, factor: -1 }, 'rules[0].factor must be a finite number >= 0 (got -1)'],
      [{ condition: 'x', factor: 1 }, 'rules[0].condition must be a JsonLogic object with one operator'],
      [{ condition: { log: 'hi' }, factor: 1 }, 'rules[0].condition uses an unknown operator: "log"'],
      [
        { condition: { and: [{ toString: [] }] }, factor: 1 },
        'rules[0].condition uses an unknown operator: "toString"',
      ],
      [{ name: 3, condition: { '==': [1, 1] }, factor: 1 }, 'rules[0].name must be a string'],
      ['rule', 'rules[0] must be an object with condition and factor'],
    ];
    for (const [rule, message] of cases) {
      expect(() => ask(platform, { rules: [rule as Rule] })).toThrow(message);
    }
    try {
      ask(platform, { rules: [{ condition: { '==': [1, 1] }, factor: Number.NaN }] });
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidRuleError);
      expect((error as InvalidRuleError).code).toBe('INVALID_RULE');
      expect((error as InvalidRuleError).path).toBe('rules[0].factor');
    }
    expect.assertions(cases.length + 3);
  });

  it('debug reports every rule with source, name, condition, factor and the ids it matched', () => {
    const platform = shop();
    platform.admin.recommend.setGlobalRules(TID, [
      { name: 'g', condition: { '==': [{ var: 'rec.id' }, 'z'] }, factor: 0 },
    ]);
    platform.admin.recommend.setPromotions(TID, [{ name: 'p', condition: { '==': [{ var: 'rec.brand' }, 'Acme'] } }]);
    platform.admin.recommend.setExperienceRules(TID, '7', [
      { name: 'e', condition: { '==': [{ var: 'rec.brand' }, 'none'] }, factor: 5 },
    ]);
    const result = ask(platform, {
      debug: true,
      experienceId: '7',
      rules: [{ condition: { match: [{ var: 'rec.name' }, 'runner'] }, factor: 1 }],
    });
    expect(result.items.map((i) => [i.id, i.weight])).toEqual([
      ['y', 4],
      ['x', 3],
    ]);
    expect(result.rules).toEqual([
      { source: 'global', name: 'g', condition: { '==': [{ var: 'rec.id' }, 'z'] }, factor: 0, matched: ['z'] },
      {
        source: 'global',
        name: 'p',
        condition: { '==': [{ var: 'rec.brand' }, 'Acme'] },
        factor: 2,
        matched: ['y', 'z'],
      },
      { source: 'experience', name: 'e', condition: { '==': [{ var: 'rec.brand' }, 'none'] }, factor: 5, matched: [] },
      { source: 'request', name: '', condition: { match: [{ var: 'rec.name' }, 'runner'] }, factor: 1, matched: ['x'] },
    ]);
    expect(ask(platform, {}).rules).toBeUndefined();
  });

  it('leaves json-logic-js usable by others: no `match` registered globally, and theirs does not change ours', () => {
    expect(() => jsonLogic.apply({ match: ['a', 'a'] } as never)).toThrow('Unrecognized operation match');
    jsonLogic.add_operation('match', () => true);
    try {
      expect(ids(ask(shop(), { rules: [{ condition: { match: [{ var: 'rec.name' }, '^Red'] }, factor: 0 }] }))).toEqual(
        ['y', 'z'],
      );
    } finally {
      jsonLogic.rm_operation('match');
    }
  });

  it('`__proto__` in a condition or data reaches no prototype', () => {
    const platform = shop();
    const rules = [
      { condition: { '!!': { var: 'rec.__proto__' } }, factor: 0 },
      { condition: { '!!': { var: 'rec.constructor' } }, factor: 0 },
    ];
    expect(ids(ask(platform, { rules }))).toEqual(['x', 'y', 'z']);
  });
});
