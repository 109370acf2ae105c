import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { errorOf, refused } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });

// An answer that is not the documented shape is PROTOCOL, naming the operation, the caller's key and
// the answer's first bad field: what a developer needs to find the request in the network log.
describe('a malformed answer names the operation and the field', () => {
  it.each([
    ['{"status":200,"data":5}', () => createStash('kv', 'shop').get('cart'), 'kv.get of "cart": invalid response.data'],
    [
      '{"status":200,"data":{"s:a":1}}',
      () => createStash('kv', 'shop', { namespace: 's' }).get(['a', 'b']),
      'kv.get of ["a","b"]: invalid response.data["s:a"]',
    ],
    [
      '{"status":200,"data":"noon"}',
      () => createStash('ts', 'shop').get('seen'),
      'ts.get of "seen": invalid response.data',
    ],
    ['{"status":200}', () => createStash('ts', 'shop').set('seen'), 'ts.set of "seen": invalid response.data'],
    [
      '{"status":200,"data":{"value":"v"}}',
      () => createStash('deferkv', 'shop').get('basket', 1_800_000_000),
      'deferkv.get of "basket": invalid response.data.route',
    ],
    [
      '{"status":200,"data":{"other:2026-11-21":"2026-11-21"}}',
      () => createStash('count', 'shop').increment('visits', 'date'),
      'count.incr of "visits": invalid response.data',
    ],
    [
      '{"status":200,"data":"x"}',
      () => createStash('count', 'shop').get('visits:2026-11-21'),
      'count.get of "visits:2026-11-21": invalid response.data',
    ],
  ])('%s', async (raw, run, message) => {
    mock.platform.faults.set('stash', { raw });
    const error = await errorOf(run);
    expect(error.code).toBe('PROTOCOL');
    expect(error.message).toContain(message);
  });
});

describe('keys of a batch that are not strings are refused before the operation is named', () => {
  it('an object holding a bigint: INVALID_ARGUMENT naming key, nothing sent', async () => {
    await refused(mock, () => createStash('kv', 'shop').get([{ '': 0n }] as never), 'key');
  });
});
