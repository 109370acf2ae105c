/**
 * Catches accidental logging of secrets: every log line goes through `redact`, which replaces
 * each secret value with `[secret]` in every form the runner can print it: as written,
 * URL-encoded by any encoder (`encodeURIComponent`, `encodeURI`, `URLSearchParams` with `+` for a
 * space, `%27` for a quote, upper- or lower-case hex, or any mix), JSON-escaped (`\"`, `\n`,
 * `\u00e9`). A multi-line secret (a PEM key) is also replaced line by line (each of its lines of
 * at least MIN_SECRET_LINE characters), since a handler may print it a line at a time. Longer
 * secrets are replaced first, in one pass, so a secret that contains another is not half-revealed.
 */

import { escapeRegExp } from '../../core/internal';
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
    values.add(value);
    if (!/[\r\n]/.test(value)) continue;
    for (const line of value.split(/\r\n|\r|\n/)) if (line.trim().length >= MIN_SECRET_LINE) values.add(line);
  }
  const ordered = [...values].sort((a, b) => b.length - a.length);
  // Each character can take up to 12 characters printed (`\ud83d\ude00` for one emoji).
  const longest = ordered.length ? ordered[0].length * 12 : 0;
  if (ordered.length === 0) return Object.assign((text: string) => text, { longest });
  // One pass over the text, so `[secret]` itself is never searched again.
  const pattern = new RegExp(ordered.map(anyForm).join('|'), 'g');
  return Object.assign((text: string) => text.replace(pattern, REDACTED), { longest });
}

const PLAIN = /^[A-Za-z0-9]$/;

/** A regular expression source matching `value` with each character in any of its printed forms. */
function anyForm(value: string): string {
  let source = '';
  for (const char of value) {
    if (PLAIN.test(char)) {
      source += char;
      continue;
    }
    const forms = new Set([escapeRegExp(char), percentEncoded(char), jsonUnicodeEscaped(char)]);
    const json = JSON.stringify(char).slice(1, -1);
    if (json !== char) forms.add(escapeRegExp(json));
    if (char === ' ') forms.add('\\+');
    if (char === '/') forms.add('\\\\/'); // JSON may escape a slash
    source += `(?:${[...forms].join('|')})`;
  }
  return source;
}

/** `%XX` for each UTF-8 byte, either case of hex digit. */
function percentEncoded(char: string): string {
  return [...new TextEncoder().encode(char)].map((byte) => '%' + hexAnyCase(byte, 2)).join('');
}

/** `\uXXXX` for each UTF-16 unit (a pair for characters beyond U+FFFF), either case of hex digit. */
function jsonUnicodeEscaped(char: string): string {
  let source = '';
  for (let i = 0; i < char.length; i++) source += '\\\\u' + hexAnyCase(char.charCodeAt(i), 4);
  return source;
}

function hexAnyCase(n: number, digits: number): string {
  return [...n.toString(16).padStart(digits, '0')]
    .map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d))
    .join('');
}
