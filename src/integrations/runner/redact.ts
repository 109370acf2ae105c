/**
 * Catches accidental logging of secrets: every log line goes through `redact`, which replaces
 * each secret value with `[secret]`: as written, URL-encoded (a secret in a query string) and
 * JSON-escaped (a secret inside a logged JSON string). Longer forms are replaced first in one pass so a
 * secret that contains another is not half-revealed.
 */
export const REDACTED = '[secret]';

export function createRedactor(secrets: Readonly<Record<string, string>>): (text: string) => string {
  const forms = new Set<string>();
  for (const value of Object.values(secrets)) {
    if (!value) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  if (forms.size === 0) return (text) => text;
  // One pass over the text, so `[secret]` itself is never searched again.
  const pattern = new RegExp([...forms].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');
  return (text) => text.replace(pattern, REDACTED);
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
