/**
 * Catches accidental logging of secrets: every log line goes through `redact`, which replaces
 * each secret value with `[secret]` in every form the runner can print it, in any letter case:
 * - as written, and in Unicode NFC and NFD (`é` as one character or as `e` and a combining accent);
 * - URL-encoded by any encoder (`encodeURIComponent`, `encodeURI`, `URLSearchParams` with `+` for a
 *   space and `%27` for a quote, either case of hex), encoded twice (`%2541`), or by `escape()`
 *   (`%E9`, `%u20AC`);
 * - JSON-escaped (`\"`, `\n`, `\u00e9`) and as HTML entities (`&amp;`, `&#233;`, `&#xE9;`);
 * - its UTF-8 bytes in hex, base64 or base64url, alone or inside a longer encoded text (`Basic
 *   base64(user:secret)`: the characters that only the secret's bytes decide).
 * A multi-line secret (a PEM key) is also replaced line by line (each of its lines of at least
 * MIN_SECRET_LINE characters), since a handler may print it a line at a time. Longer secrets are
 * replaced first, in one pass, so a secret that contains another is not half-revealed.
 * Not caught: a secret the handler transforms otherwise (sliced, reversed, encrypted), and a
 * secret split across two console calls or writes (each part alone is not the secret).
 */

import { escapeRegExp } from '@svc/core/internal';
/** What replaces a secret's value in every log line. */
export const REDACTED = '[secret]';

/** Lines of a multi-line secret shorter than this are not redacted on their own (a `}` would be). */
const MIN_SECRET_LINE = 8;

export interface Redactor {
  (text: string): string;
  /** The longest text one secret can be printed as: a line cut shorter could hide half of one. */
  readonly longest: number;
}

export function createRedactor(secrets: Readonly<Record<string, string>>): Redactor {
  const values = new Set<string>();
  for (const value of Object.values(secrets)) {
    if (!value) continue;
    for (const form of [value, value.normalize('NFC'), value.normalize('NFD')]) values.add(form);
    if (!/[\r\n]/.test(value)) continue;
    for (const line of value.split(/\r\n|\r|\n/)) if (line.trim().length >= MIN_SECRET_LINE) values.add(line);
  }
  const ordered = [...values].sort((a, b) => b.length - a.length);
  // Each character can take up to 18 characters printed (`&#x0001F600;`, `%25F0%259F%2598%2580`).
  const longest = ordered.length ? ordered[0].length * 20 : 0;
  if (ordered.length === 0) return Object.assign((text: string) => text, { longest });
  const sources = ordered.map(anyForm);
  for (const value of ordered) sources.push(...byteEncodings(value));
  // One pass over the text, so `[secret]` itself is never searched again; any letter case.
  const pattern = new RegExp(sources.join('|'), 'gi');
  return Object.assign((text: string) => text.replace(pattern, REDACTED), { longest });
}

/**
 * Characters of base64 (or hex) that a secret's bytes alone must decide before it counts as found: fewer would redact
 * common text.
 */
const MIN_ENCODED = 8;

/** The base64 of `bytes` (`btoa`: in browsers too, where the mock platform redacts its runs' logs). */
const base64 = (bytes: ArrayLike<number>) => btoa(String.fromCharCode(...Array.from(bytes)));

/**
 * Regular expression sources for `value`'s UTF-8 bytes in hex, and in base64 / base64url at each of
 * the 3 byte alignments it can have inside a longer encoded text (only the characters its bytes
 * alone decide; the padded whole too).
 */
function byteEncodings(value: string): string[] {
  const bytes = new TextEncoder().encode(value);
  const forms = new Set([Array.from(bytes, (byte) => hex(byte, 2)).join('')]);
  for (let shift = 0; shift < 3; shift++) {
    const encoded = base64([...new Array<number>(shift).fill(0), ...bytes]).replace(/=+$/, '');
    // Character i holds bits 6i..6i+5: decided by the secret alone when within its bytes' bits.
    const first = Math.ceil((shift * 8) / 6);
    const end = Math.floor(((shift + bytes.length) * 8) / 6);
    const core = encoded.slice(first, end);
    if (core.length >= MIN_ENCODED) forms.add(core);
  }
  forms.add(base64(bytes));
  const sources = new Set<string>();
  for (const form of forms) {
    if (form.length < MIN_ENCODED) continue;
    sources.add(escapeRegExp(form));
    sources.add(escapeRegExp(form.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')));
  }
  // Longest first: an alternative stops at its first match, and the padded whole outlasts its core.
  return [...sources].sort((a, b) => b.length - a.length);
}

const PLAIN = /^[A-Za-z0-9]$/;

/** A regular expression source matching `value` with each character in any of its printed forms. */
function anyForm(value: string): string {
  let source = '';
  for (const char of value) {
    // A letter or digit: as it is, or as an HTML entity (an encoder may write every character so).
    if (PLAIN.test(char)) {
      source += `(?:${[char, ...htmlEntities(char)].join('|')})`;
      continue;
    }
    const forms = new Set([
      escapeRegExp(char),
      percentEncoded(char),
      escaped(char),
      jsonUnicodeEscaped(char),
      ...htmlEntities(char),
    ]);
    const json = JSON.stringify(char).slice(1, -1);
    if (json !== char) forms.add(escapeRegExp(json));
    if (char === ' ') forms.add('\\+').add('%(?:25)?2B'); // URLSearchParams, then maybe encoded again
    if (char === '/') forms.add('\\\\/'); // JSON may escape a slash
    source += `(?:${[...forms].join('|')})`;
  }
  return source;
}

/** `%XX` for each UTF-8 byte (`%25XX` once encoded again), any case of hex digit (the pattern ignores case). */
function percentEncoded(char: string): string {
  return [...new TextEncoder().encode(char)].map((byte) => `%(?:25)?${hex(byte, 2)}`).join('');
}

/** What `escape()` writes: `%XX` for a character below U+0100, else `%uXXXX` per UTF-16 unit. */
function escaped(char: string): string {
  let source = '';
  for (let i = 0; i < char.length; i++) {
    const unit = char.charCodeAt(i);
    source += unit < 0x100 ? `%(?:25)?${hex(unit, 2)}` : `%(?:25)?u${hex(unit, 4)}`;
  }
  return source;
}

/** Named HTML entities of the characters HTML escapes. */
const NAMED_ENTITIES: Record<string, string[]> = {
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  '"': ['&quot;'],
  "'": ['&apos;'],
};

/** The character as an HTML entity: named, decimal `&#233;` or hex `&#xE9;` (leading zeros allowed). */
function htmlEntities(char: string): string[] {
  const code = char.codePointAt(0) ?? 0;
  return [...(NAMED_ENTITIES[char] ?? []), `&#0*${code};`, `&#x0*${code.toString(16)};`];
}

/** `\uXXXX` for each UTF-16 unit (a pair for characters beyond U+FFFF). */
function jsonUnicodeEscaped(char: string): string {
  let source = '';
  for (let i = 0; i < char.length; i++) source += '\\\\u' + hex(char.charCodeAt(i), 4);
  return source;
}

/** `n` in `digits` hex digits (the pattern ignores case, so either case matches). */
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
