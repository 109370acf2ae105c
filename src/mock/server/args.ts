import { parseArgs } from 'node:util';
import type { MockServerOptions } from './index';

export const USAGE =
  'usage: svc-mock serve [--port 4010] [--host 127.0.0.1] [--state <file>] [--no-fixtures] [--clock real | <ISO time>] [--allow-origin <origin>[,<origin>...]]';

/** A command line the CLI cannot run: its message is one line for the user. */
export class UsageError extends Error {}

/** Parses `serve` and its flags into server options; throws UsageError naming the problem. */
export function parseServeArgs(argv: string[]): MockServerOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        state: { type: 'string' },
        'no-fixtures': { type: 'boolean' },
        clock: { type: 'string' },
        'allow-origin': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // node's own messages are long; the first sentence names the flag
    throw new UsageError(`${(error as Error).message.split(/\. |\n/)[0]}; ${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    throw new UsageError(
      `${positionals.length ? `unknown command ${JSON.stringify(positionals.join(' '))}` : 'missing command'}; ${USAGE}`,
    );
  }
  const options: MockServerOptions = { fixtures: !values['no-fixtures'] };
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535)
      throw new UsageError(`--port must be 0..65535 (got ${JSON.stringify(values.port)}); ${USAGE}`);
    options.port = port;
  }
  if (values.host !== undefined) {
    if (values.host === '') throw new UsageError(`--host must name an interface; ${USAGE}`);
    options.host = values.host;
  }
  if (values.state !== undefined) {
    if (values.state === '') throw new UsageError(`--state must name a file; ${USAGE}`);
    options.state = values.state;
  }
  if (values['allow-origin'] !== undefined) options.allowOrigin = allowOrigins(values['allow-origin']);
  if (values.clock !== undefined && values.clock !== 'real') {
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.clock) || !Number.isFinite(Date.parse(values.clock))) {
      throw new UsageError(
        `--clock must be "real" or an ISO time such as 2026-11-21T10:00:00Z (got ${JSON.stringify(values.clock)}); ${USAGE}`,
      );
    }
    options.clock = values.clock;
  }
  return options;
}

/** `--allow-origin a,b`: origins exactly as browsers send them (`http://localhost:3000`), or `*`. */
function allowOrigins(value: string): '*' | string[] {
  if (value.trim() === '*') return '*';
  const origins = value.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    let valid = false;
    try {
      valid = /^https?:$/.test(new URL(origin).protocol) && new URL(origin).origin === origin;
    } catch {
      valid = false;
    }
    if (!valid)
      throw new UsageError(
        `--allow-origin takes origins such as http://localhost:3000, comma-separated (got ${JSON.stringify(origin)}); ${USAGE}`,
      );
  }
  return origins;
}
