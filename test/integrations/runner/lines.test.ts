import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cutLines, forwardLines } from '../../../src/integrations/runner/lines';
import { LOG_LIMITS } from '../../../src/integrations/runner/log-limits';

describe('forwardLines', () => {
  it('forwards whole lines across chunks, and the unterminated rest at the end', async () => {
    const stream = new PassThrough();
    const got: [string, number][] = [];
    forwardLines(stream, 100, (text, cut) => got.push([text, cut]));
    stream.write('one\ntw');
    stream.write('o\nthr');
    stream.end('ee');
    await new Promise((resolve) => stream.once('end', resolve));
    expect(got).toEqual([
      ['one', 0],
      ['two', 0],
      ['three', 0],
    ]);
  });

  it('holds at most `keep` characters of a line and passes how many it left out', async () => {
    const stream = new PassThrough();
    const got: [string, number][] = [];
    const flushRest = forwardLines(stream, 4, (text, cut) => got.push([text, cut]));
    stream.write('abcdefgh');
    await new Promise((resolve) => setImmediate(resolve));
    flushRest();
    expect(got).toEqual([['abcd', 4]]);
  });
});

describe('cutLines', () => {
  it('leaves short text alone and marks each long line with what was left out', () => {
    expect(cutLines('short', 0)).toBe('short');
    const long = 'y'.repeat(LOG_LIMITS.lineLength + 5);
    expect(cutLines(`${long}\nok`, 2)).toBe(
      `${'y'.repeat(LOG_LIMITS.lineLength)} [line cut: 5 more characters]\nok [line cut: 2 more characters]`,
    );
  });
});
