// Issue 33, point 16: a property test of the redactor. For generated secrets and every encoding the
// docs name, the secret printed in that encoding, amid other text, never survives redaction.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../../src/integrations/runner/redact';

/** Characters of generated secrets: letters, digits, URL and HTML specials, a space, accents, an emoji. */
const CHARS = [...'abcXYZ019_-.~!*()\'"&<>/?#%+=:; ', 'é', 'ü', '€', 'Å', '😀'];
const secrets = fc.array(fc.constantFrom(...CHARS), { minLength: 8, maxLength: 24 }).map((chars) => chars.join(''));

const base64 = (text: string) => Buffer.from(text).toString('base64');
const entities = (text: string, radix: 10 | 16) =>
  [...text].map((c) => `&#${radix === 16 ? 'x' : ''}${c.codePointAt(0)!.toString(radix)};`).join('');
const htmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Every encoding the runner's docs promise to catch, by name. */
const ENCODINGS: Record<string, (secret: string) => string> = {
  'as written': (s) => s,
  encodeURIComponent,
  encodeURI,
  'encodeURIComponent twice': (s) => encodeURIComponent(encodeURIComponent(s)),
  URLSearchParams: (s) => new URLSearchParams({ k: s }).toString().slice(2),
  'escape()': (s) => escape(s),
  'JSON.stringify': (s) => JSON.stringify(s),
  'HTML escaping': htmlEscape,
  'HTML entities, decimal': (s) => entities(s, 10),
  'HTML entities, hex': (s) => entities(s, 16),
  NFD: (s) => s.normalize('NFD'),
  NFC: (s) => s.normalize('NFC'),
  'upper case': (s) => s.toUpperCase(),
  'lower case': (s) => s.toLowerCase(),
  base64,
  base64url: (s) => Buffer.from(s).toString('base64url'),
  hex: (s) => Buffer.from(s).toString('hex'),
  HEX: (s) => Buffer.from(s).toString('hex').toUpperCase(),
  'base64 of "user:" and it (Basic auth)': (s) => base64(`user:${s}`),
  'base64 of "ab" and it': (s) => base64(`ab${s}`),
};

describe('redaction: generated secrets in every documented encoding', () => {
  it.each(Object.entries(ENCODINGS))('%s', (_name, encode) => {
    fc.assert(
      fc.property(secrets, fc.string({ maxLength: 10 }), (secret, context) => {
        const redact = createRedactor({ SECRET: secret });
        const printed = encode(secret);
        const line = redact(`${context} token=${printed} ${context}`);
        expect(line).toContain('[secret]');
        expect(line).not.toContain(printed);
        expect(line).not.toContain(secret);
      }),
      { numRuns: 150 },
    );
  });
});
