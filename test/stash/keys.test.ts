import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const chars = fc.constantFrom(...'aZ09._~-/%:?#& é\u0000'.split(''), '..');

describe('keys: the client and the platform agree', () => {
  it('any key is either refused before sending or stored and read back under exactly that key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(chars, { minLength: 0, maxLength: 6 }).map((parts) => parts.join('')),
        fc.string({ maxLength: 20 }),
        async (key, value) => {
          const stash = createStash('kv', 'prop', { namespace: 'ns' });
          const before = (await mock.sent()).length;
          const stored = await stash.set(key, value).then(
            () => true,
            (error: unknown) => {
              expect(error).toBeInstanceOf(InvalidArgumentError);
              return false;
            },
          );
          if (!stored) {
            expect((await mock.sent()).length).toBe(before);
            expect(/^[A-Za-z0-9._~-]{1,128}$/.test(key) && key !== '.' && key !== '..').toBe(false);
            return;
          }
          await expect(stash.get(key)).resolves.toBe(value);
          await expect(stash.get([key])).resolves.toEqual({ [key]: value });
          expect(mock.platform.inspect.stash.snapshot('prop').public[`ns:${key}`]).toBe(value);
        },
      ),
      { numRuns: 60 },
    );
  });
});
