// The platform's locale rule (PROTOCOL.md "Recommendations"), one place for the clients and the
// mock: `<language>-<CURRENCY>`, the language the primary subtag of a BCP 47 tag (lower case),
// the currency an ISO 4217 code (upper case). Language tags and currency codes are
// case-insensitive, so `de-DE` + `eur`, `de_DE` + `EUR` and `DE` + `Eur` are all `de-EUR`.

/** A language tag as browsers and storefronts write it: `de`, `de-DE`, `de_DE`, `en-gb`, `zh-Hant-TW`. */
const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*$/i;
const CURRENCY = /^[a-z]{3}$/i;

/**
 * The platform's locale of a language tag and a currency code (`de-DE`, `EUR` -> `de-EUR`), or
 * `undefined` when either is not one (a number, an empty string, `EURO`, `d`).
 */
export function toLocale(language: unknown, currency: unknown): string | undefined {
  if (typeof language !== 'string' || typeof currency !== 'string') return undefined;
  const primary = LANGUAGE_TAG.exec(language.trim())?.[1];
  const code = currency.trim();
  return primary && CURRENCY.test(code) ? `${primary.toLowerCase()}-${code.toUpperCase()}` : undefined;
}

/**
 * A locale as written by hand or by the previous client, in the platform's form: a language tag
 * then a currency code, joined by `-` or `_` (`de-EUR`, `de-eur`, `de-DE-EUR`, `en-gb-gbp`,
 * `de_DE_EUR`) -> `de-EUR`. `undefined` when it is not one.
 */
export function normalizeLocale(locale: unknown): string | undefined {
  if (typeof locale !== 'string') return undefined;
  const at = Math.max(locale.lastIndexOf('-'), locale.lastIndexOf('_'));
  return at > 0 ? toLocale(locale.slice(0, at), locale.slice(at + 1)) : undefined;
}
