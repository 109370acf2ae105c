#!/usr/bin/env node
/**
 * svc-integration: the editor's test run on your machine.
 *
 *   svc-integration run <dir> [--payload sample.json] [--secrets secrets.json] [--timeout ms]
 *
 * Prints the run's log (boot line, the handler's console output, one line per HTTP request, the
 * result or the exception, the final line) and exits with EXIT_CODES: 0 ok, 1 handler error,
 * 2 timeout, 3 boot failure, 64 usage, 70 internal error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SvcError } from '@svc/core';
import { EXIT_CODES } from './exit-codes';
import { DEFAULT_TIMEOUT_MS, runIntegration } from './run';
import type { LogLine } from './types';

const USAGE = `Usage: svc-integration run <dir> [--payload sample.json] [--secrets secrets.json] [--timeout ms]

Runs <dir>/integration.js once, as the editor's test run does, and prints its log.
  --payload <file>   JSON the handler gets as payload (default: {})
  --secrets <file>   JSON object of secret names to string values (default: {}); redacted in the log
  --timeout <ms>     stop the handler after this many milliseconds (default: ${DEFAULT_TIMEOUT_MS})

Exit codes: ${EXIT_CODES.ok} ok, ${EXIT_CODES.error} handler error, ${EXIT_CODES.timeout} timeout, ${EXIT_CODES.boot} the integration could not start, ${EXIT_CODES.usage} usage error, ${EXIT_CODES.internal} internal error.`;

class UsageError extends Error {}

function readJson(option: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `${option}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${option}: ${file} is not JSON (${(err as Error).message})`);
  }
}

/** `kind      text`, continuation lines (stacks, pretty JSON) indented under the text. */
function print(line: LogLine): void {
  process.stdout.write(`${line.kind.padEnd(9)} ${line.text.split('\n').join('\n' + ' '.repeat(10))}\n`);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        payload: { type: 'string' },
        secrets: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return EXIT_CODES.ok;
  }
  const [command, dir, ...extra] = positionals;
  if (command !== 'run')
    throw new UsageError(command === undefined ? 'missing command: run' : `unknown command: ${command}`);
  if (!dir) throw new UsageError('missing <dir>: the folder holding integration.js');
  if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (values.timeout !== undefined && !/^[1-9]\d*$/.test(values.timeout))
    throw new UsageError(`--timeout must be a positive whole number of milliseconds (got ${values.timeout})`);

  const payload = values.payload === undefined ? {} : readJson('--payload', values.payload);
  const secrets = values.secrets === undefined ? undefined : readJson('--secrets', values.secrets);
  try {
    const report = await runIntegration({
      dir,
      payload,
      secrets: secrets as Record<string, string> | undefined,
      timeout,
      onLog: print,
    });
    return report.exitCode;
  } catch (err) {
    // Refused options (a secret that is not a string, a zero timeout) are usage errors too.
    if (err instanceof SvcError && err.code === 'INVALID_ARGUMENT') throw new UsageError(err.message);
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`svc-integration: ${err.message}\n\n${USAGE}\n`);
      process.exitCode = EXIT_CODES.usage;
    } else {
      process.stderr.write(`svc-integration: internal error: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exitCode = EXIT_CODES.internal;
    }
  },
);
