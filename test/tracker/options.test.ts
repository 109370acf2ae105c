import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultEndpoints, setEndpoints } from '../../src/core/endpoints';
import { InvalidArgumentError } from '../../src/core/errors';
import { checkOptions, DEFAULTS, readOptions, settingsOf } from '../../src/tracker/options';
import { thrown } from '../support/failure';

describe('readOptions', () => {
  it('fills every option left out from DEFAULTS, and builds the events URL', () => {
    expect(readOptions({ trackingId: 'shop_1' })).toEqual({
      trackingId: 'shop_1',
      ...DEFAULTS,
      url: 'https://events.svc.example/events/v1/shop_1',
    });
  });

  it('keeps what is given; undefined counts as left out', () => {
    const settings = readOptions({
      trackingId: 'shop_1',
      endpoint: 'https://collector.example/',
      batchSize: 5,
      batchDelay: 0,
      consent: undefined,
      cookieDomain: 'example.co.uk',
    });
    expect(settings).toMatchObject({ batchSize: 5, batchDelay: 0, consent: 'granted', cookieDomain: 'example.co.uk' });
    expect(settings.url).toBe('https://collector.example/events/v1/shop_1');
  });

  describe('checked once, read later (the script tag checks at its evaluation and reads at its start)', () => {
    afterEach(() => setEndpoints({ ...defaultEndpoints }));

    it('settingsOf gives what readOptions gives, from the connection checkOptions read', () => {
      const options = { trackingId: 'shop_1', endpoint: 'https://collector.example', batchSize: 5 };
      expect(settingsOf(options, checkOptions(options))).toEqual(readOptions(options));
    });

    it('builds the events URL from the endpoints in force when it reads, not when the options were checked', () => {
      const options = { trackingId: 'shop_1' };
      const connection = checkOptions(options);
      setEndpoints({ events: 'https://events.shop.example/' });
      expect(settingsOf(options, connection).url).toBe('https://events.shop.example/events/v1/shop_1');
    });
  });

  it('the storefront guide states every default as DEFAULTS has it (one place in the code, the docs checked against it)', () => {
    const guide = readFileSync(new URL('../../docs/storefront.md', import.meta.url), 'utf8');
    const stated = new Map([...guide.matchAll(/^\| `(\w+)` \| `([^`]+)` \|/gm)].map((m) => [m[1], m[2]]));
    for (const [option, value] of Object.entries(DEFAULTS)) {
      const written = Array.isArray(value) ? `[${value.join(', ')}]` : String(value);
      expect(stated.get(option), option).toBe(typeof value === 'string' ? `'${value}'` : written);
    }
  });

  it.each([
    [{ trackingId: 'a b' }, 'options.trackingId'],
    [{ trackingId: 'shop_1', batchSize: 0 }, 'options.batchSize'],
    [{ trackingId: 'shop_1', batchDelay: -1 }, 'options.batchDelay'],
    [{ trackingId: 'shop_1', consent: 'yes' }, 'options.consent'],
    [{ trackingId: 'shop_1', endpoint: 'ftp://x.example' }, 'options.endpoint'],
    [{ trackingId: 'shop_1', batchsize: 5 }, 'options.batchsize'],
  ])('refuses %j naming %s', (options, argument) => {
    expect(thrown(() => readOptions(options as never), InvalidArgumentError).argument).toBe(argument);
  });

  it.each([
    [null, 'options must be an object (got null)'],
    [{ trackingId: 'shop_1', batchSize: 0 }, 'options.batchSize must be an integer >= 1 (got 0)'],
    [{ trackingId: 'shop_1', batchDelay: 0.5 }, 'options.batchDelay must be whole ms from 0 to 2^31-1 (got 0.5)'],
    [
      { trackingId: 'shop_1', batchDelay: 2 ** 31 },
      'options.batchDelay must be whole ms from 0 to 2^31-1 (got 2147483648)',
    ],
    [
      { trackingId: 'shop_1', consent: 'yes' },
      "options.consent must be 'granted', 'pending', 'denied', or signals among tcf, gcm, gpp, gpc, each once, separated by spaces (got \"yes\")",
    ],
    [{ trackingId: 'shop_1', cookieDomain: 1 }, 'options.cookieDomain must be a string (got 1)'],
  ])('refuses %j saying what the option must be', (options, message) => {
    expect(thrown(() => readOptions(options as never), InvalidArgumentError).message).toBe(message);
  });
});
