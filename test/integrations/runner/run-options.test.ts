import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../src/core/errors';
import { createCache } from '../../../src/integrations/cache';
import { DEFAULT_MEMORY_LIMIT_MB } from '../../../src/integrations/runner/log-limits';
import { DEFAULT_TIMEOUT_MS, readRunOptions } from '../../../src/integrations/runner/run-options';
import { thrown } from '../../support/failure';

describe('readRunOptions', () => {
  it('fills the defaults: payload {}, no secrets, the default timeout and memory limit, one cache per folder', () => {
    const run = readRunOptions({ dir: 'welcome-email' });
    expect(run).toMatchObject({
      dir: resolve('welcome-email'),
      payload: {},
      timeout: DEFAULT_TIMEOUT_MS,
      memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB,
    });
    expect({ ...run.secrets }).toEqual({});
    expect(readRunOptions({ dir: './welcome-email' }).cache).toBe(run.cache);
    const own = createCache();
    expect(readRunOptions({ dir: 'welcome-email', cache: own }).cache).toBe(own);
  });

  it.each([
    [{ dir: '' }, 'options.dir'],
    [{ dir: 'x', timeout: 0 }, 'options.timeout'],
    [{ dir: 'x', memoryLimitMb: 8 }, 'options.memoryLimitMb'],
    [{ dir: 'x', onLog: 'no' }, 'options.onLog'],
    [{ dir: 'x', payload: 10n }, 'options.payload'],
    // The client's rule (execute, schedule): what JSON would not carry as written, named by its path.
    [{ dir: 'x', payload: { at: new Map() } }, 'options.payload.at'],
    [{ dir: 'x', payload: [1, Number.NaN] }, 'options.payload[1]'],
    [{ dir: 'x', secrets: { TOKEN: 1 } }, 'options.secrets.TOKEN'],
  ])('refuses %o naming %s', (options, argument) => {
    expect(thrown(() => readRunOptions(options as never), InvalidArgumentError).argument).toBe(argument);
  });
});
