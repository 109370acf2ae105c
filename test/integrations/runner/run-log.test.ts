import { describe, expect, it, vi } from 'vitest';
import { EXIT_CODES } from '../../../src/integrations/runner/exit-codes';
import { LOG_LIMITS } from '../../../src/integrations/runner/log-limits';
import { createRedactor } from '../../../src/integrations/runner/redact';
import { RunLog } from '../../../src/integrations/runner/run-log';

describe('RunLog', () => {
  it('redacts secrets in every line and tells onLog each line as it is logged', () => {
    const onLog = vi.fn();
    const log = new RunLog(createRedactor({ TOKEN: 'crm_9f8e7d6c' }), onLog);
    log.emit('log', 'token crm_9f8e7d6c');
    expect(log.lines.map((line) => line.text)).toEqual(['token [secret]']);
    expect(onLog).toHaveBeenCalledWith(log.lines[0]);
  });

  it("drops and counts the handler's output beyond the total, never the runner's own lines", () => {
    const log = new RunLog(createRedactor({}));
    const line = 'x'.repeat(1000);
    const fits = Math.ceil(LOG_LIMITS.totalCharacters / line.length);
    for (let i = 0; i < fits + 3; i++) log.emit('stdout', line);
    log.emit('done', 'ok in 1 ms');
    expect(log.lines.filter((l) => l.kind === 'stdout')).toHaveLength(fits);
    expect(log.lines.at(-1)?.kind).toBe('done');
    expect(log.dropped()).toEqual({ lines: 3, characters: 3000 });
    expect(log.droppedNote()).toContain('3 log lines (3000 characters) dropped');
  });

  it('reports the exit code of each ending', () => {
    const log = new RunLog(createRedactor({}));
    const error = { code: 'HANDLER_THREW', name: 'Error', message: 'm', stack: 's' } as const;
    expect(log.report({ outcome: 'ok', result: 1, durationMs: 1 }).exitCode).toBe(EXIT_CODES.ok);
    expect(log.report({ outcome: 'timeout', durationMs: 1 }).exitCode).toBe(EXIT_CODES.timeout);
    expect(log.report({ outcome: 'error', error: { ...error, phase: 'boot' }, durationMs: 1 }).exitCode).toBe(
      EXIT_CODES.boot,
    );
    expect(log.report({ outcome: 'error', error: { ...error, phase: 'handler' }, durationMs: 1 }).exitCode).toBe(
      EXIT_CODES.error,
    );
  });
});
