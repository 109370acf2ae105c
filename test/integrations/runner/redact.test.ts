import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../../src/integrations/runner/redact';

describe('createRedactor', () => {
  it('replaces every occurrence of every secret value', () => {
    const redact = createRedactor({ A: 'alpha-1', B: 'beta-2' });
    expect(redact('alpha-1 and beta-2, again alpha-1')).toBe(`${REDACTED} and ${REDACTED}, again ${REDACTED}`);
  });

  it('catches the URL-encoded and JSON-escaped forms of a secret', () => {
    const redact = createRedactor({ KEY: 'a/b+c "d"' });
    expect(redact(`https://x.example/?k=${encodeURIComponent('a/b+c "d"')}`)).toBe('https://x.example/?k=[secret]');
    expect(redact(JSON.stringify({ k: 'a/b+c "d"' }))).toBe('{"k":"[secret]"}');
  });

  it('replaces a secret containing another whole, and never re-scans its own [secret] marks', () => {
    const redact = createRedactor({ LONG: 'token-123', SHORT: '123', LETTER: 'e' });
    expect(redact('token-123 / 123 / secret')).toBe('[secret] / [secret] / s[secret]cr[secret]t');
  });

  it('treats secret values literally (regular expression characters included) and ignores empty ones', () => {
    const redact = createRedactor({ RE: 'a.c*(d)', EMPTY: '' });
    expect(redact('abc a.c*(d) abcd')).toBe('abc [secret] abcd');
    expect(createRedactor({ EMPTY: '' })('nothing to hide')).toBe('nothing to hide');
  });

  it('needs no Node Buffer: the mock platform redacts its runs in browsers too', () => {
    const saved = globalThis.Buffer;
    (globalThis as { Buffer?: unknown }).Buffer = undefined;
    try {
      const redact = createRedactor({ KEY: 'sk_live_abcdefgh' });
      expect(redact(`basic ${btoa('user:sk_live_abcdefgh')}`)).toContain(REDACTED);
      expect(redact('736b5f6c6976655f6162636465666768')).toBe(REDACTED);
    } finally {
      globalThis.Buffer = saved;
    }
  });
});
