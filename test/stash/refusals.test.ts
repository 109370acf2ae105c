import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { refused } from './helpers';

// Every refusal is INVALID_ARGUMENT naming the argument, before any request is sent.
const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const kv = () => createStash('kv', 'shop1');

describe('createStash refuses', () => {
  it.each([
    ['an unknown opType', () => createStash('kvv' as 'kv', 'shop1'), 'opType'],
    ['opType "__proto__"', () => createStash('__proto__' as 'kv', 'shop1'), 'opType'],
    ['a tracking id with "/"', () => createStash('kv', 'a/b'), 'trackingId'],
    ['an empty tracking id', () => createStash('kv', ''), 'trackingId'],
    ['a namespace with a space', () => createStash('kv', 'shop1', { namespace: 'my app' }), 'options.namespace'],
    ['a namespace ".."', () => createStash('kv', 'shop1', { namespace: '..' }), 'options.namespace'],
    [
      'a visitorId with "%"',
      () => createStash('kv', 'shop1', { useVisitorId: true, visitorId: 'a%2Fb' }),
      'options.visitorId',
    ],
    [
      'useVisitorId not a boolean',
      () => createStash('kv', 'shop1', { useVisitorId: 'yes' as unknown as boolean }),
      'options.useVisitorId',
    ],
    ['an unknown level', () => createStash('kv', 'shop1', { level: 'private' as 'public' }), 'options.level'],
    ['level protected for deferkv', () => createStash('deferkv', 'shop1', { level: 'protected' }), 'options.level'],
    ['level protected for count', () => createStash('count', 'shop1', { level: 'protected' }), 'options.level'],
    ['level protected for ts', () => createStash('ts', 'shop1', { level: 'protected' }), 'options.level'],
    ['a negative timeout', () => createStash('kv', 'shop1', { timeout: -1 }), 'options.timeout'],
    [
      'a timeout given as a string',
      () => createStash('kv', 'shop1', { timeout: '5' as unknown as number }),
      'options.timeout',
    ],
    ['an infinite timeout', () => createStash('kv', 'shop1', { timeout: Infinity }), 'options.timeout'],
    ['options null', () => createStash('kv', 'shop1', null as unknown as object), 'options'],
    ['fractional retries', () => createStash('kv', 'shop1', { retries: 1.5 }), 'options.retries'],
    [
      'an endpoint that is not a string',
      () => createStash('kv', 'shop1', { endpoint: 3 as unknown as string }),
      'options.endpoint',
    ],
  ])('%s', async (_name, run, argument) => {
    await refused(mock, run, argument);
  });
});

describe('operations refuse', () => {
  it.each([
    ['a key with "/"', () => kv().get('a/b'), 'key'],
    ['a key ".."', () => kv().set('..', 'v'), 'key'],
    ['a key "."', () => kv().get('.'), 'key'],
    ['a key with "%"', () => kv().get('a%2F'), 'key'],
    ['a key with a space', () => kv().set('my key', 'v'), 'key'],
    ['a key with ":"', () => kv().get('a:b'), 'key'],
    ['an empty key', () => kv().get(''), 'key'],
    ['a key of 129 characters', () => kv().get('k'.repeat(129)), 'key'],
    ['a key that is not a string', () => kv().get(7 as unknown as string), 'key'],
    ['one bad key among many in get(keys)', () => kv().get(['a', 'b', 'c/d']), 'key'],
    ['a value that is not a string', () => kv().set('k', 42 as unknown as string), 'value'],
    ['a value of 65,537 UTF-8 bytes', () => kv().set('k', 'é'.repeat(32_768) + 'x'), 'value'],
    ['a write to protected', () => createStash('kv', 'shop1', { level: 'protected' }).set('k', 'v'), 'options.level'],
    [
      'useVisitorId with no visitor id anywhere',
      () => createStash('kv', 'shop1', { useVisitorId: true }).get('k'),
      'options.visitorId',
    ],
    [
      'deferkv without a route',
      () => createStash('deferkv', 'shop1').set('k', 'v', 1_800_000_000, undefined as unknown as string),
      'route',
    ],
    [
      'deferkv with a route that is not an integration name',
      () => createStash('deferkv', 'shop1').set('k', 'v', 1_800_000_000, 'a b'),
      'route',
    ],
    [
      'deferkv with a timestamp in ms as a string',
      () => createStash('deferkv', 'shop1').set('k', 'v', '1800000000' as unknown as number, 'r'),
      'timestamp',
    ],
    ['deferkv with a fractional timestamp', () => createStash('deferkv', 'shop1').get('k', 1.5), 'timestamp'],
    [
      'deferkv with a timestamp in milliseconds',
      () => createStash('deferkv', 'shop1').set('k', 'v', Date.parse('2026-11-22T00:00:00Z'), 'r'),
      'timestamp',
    ],
    ['deferkv remove with a negative timestamp', () => createStash('deferkv', 'shop1').remove('k', -1), 'timestamp'],
    [
      'deferkv with an oversized value',
      () => createStash('deferkv', 'shop1').set('k', 'x'.repeat(65_537), 1_800_000_000, 'r'),
      'value',
    ],
    ['ts with a bad key', () => createStash('ts', 'shop1').set('a b'), 'key'],
    [
      'a dimension other than date',
      () => createStash('count', 'shop1').increment('visits', 'week' as 'date'),
      'dimension',
    ],
    [
      'decrement with no dimension',
      () => createStash('count', 'shop1').decrement('visits', undefined as unknown as 'date'),
      'dimension',
    ],
    ['a counter key without its date', () => createStash('count', 'shop1').get('visits'), 'counterKey'],
    ['a counter key with a bad key part', () => createStash('count', 'shop1').get(['a b:2026-11-21']), 'counterKey'],
    [
      'get(keys) with something other than an array',
      () => createStash('count', 'shop1').get({} as unknown as string[]),
      'counterKey',
    ],
  ])('%s', async (_name, run, argument) => {
    await refused(mock, run, argument);
  });

  it('the error names the argument and the value', async () => {
    const error = await refused(mock, () => kv().get('a/b'), 'key');
    expect(error.message).toBe('key must be 1-128 of A-Za-z0-9._~- and not . or .. (got "a/b")');
    expect(error.value).toBe('a/b');
  });
});
