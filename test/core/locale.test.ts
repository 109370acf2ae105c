import { describe, expect, it } from 'vitest';
import { normalizeLocale, toLocale } from '../../src/core';

// The one locale rule of PROTOCOL.md "Recommendations", used by the recommendations client (ecView
// -> locale, config locale) and by the mock (request locale, event intake).
describe('toLocale(language, currency)', () => {
  it.each<[unknown, unknown, string | undefined]>([
    ['de', 'EUR', 'de-EUR'],
    ['de-DE', 'EUR', 'de-EUR'],
    ['de_DE', 'EUR', 'de-EUR'],
    ['en-gb', 'gbp', 'en-GBP'],
    ['EN-GB', 'Gbp', 'en-GBP'],
    ['fr-FR', 'EUR', 'fr-EUR'],
    ['zh-Hant-TW', 'TWD', 'zh-TWD'],
    ['gsw-CH', 'CHF', 'gsw-CHF'],
    [' de-DE ', ' EUR ', 'de-EUR'],
    ['', 'EUR', undefined],
    ['d', 'EUR', undefined],
    ['deutsch', 'EUR', undefined],
    ['de-', 'EUR', undefined],
    ['de--DE', 'EUR', undefined],
    ['de DE', 'EUR', undefined],
    ['de', 'EURO', undefined],
    ['de', '€', undefined],
    ['de', '', undefined],
    ['de', 978, undefined],
    [undefined, 'EUR', undefined],
    [null, null, undefined],
  ])('%j + %j -> %j', (language, currency, expected) => {
    expect(toLocale(language, currency)).toBe(expected);
  });
});

describe('normalizeLocale(locale)', () => {
  it.each<[unknown, string | undefined]>([
    ['de-EUR', 'de-EUR'],
    ['de-eur', 'de-EUR'],
    ['DE-EUR', 'de-EUR'],
    ['de-DE-EUR', 'de-EUR'],
    ['de_DE-EUR', 'de-EUR'],
    ['de_DE_EUR', 'de-EUR'],
    // The previous client's form: the whole of language-currency lower-cased.
    ['en-gb-gbp', 'en-GBP'],
    ['en-GBP', 'en-GBP'],
    ['en', undefined],
    ['EUR', undefined],
    ['-EUR', undefined],
    ['de-', undefined],
    ['de-EURO', undefined],
    ['', undefined],
    [42, undefined],
    [undefined, undefined],
  ])('%j -> %j', (locale, expected) => {
    expect(normalizeLocale(locale)).toBe(expected);
  });
});
