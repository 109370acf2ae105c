#!/usr/bin/env node
// `svc-mock serve`: the mock platform as an HTTP server. See docs/testing.md, "The mock platform as an HTTP server".
import { resolve } from 'node:path';
import { InvalidStateError } from '../platform/state/format';
import { parseServeArgs, USAGE, UsageError } from './args';
import { PortInUseError, StateLockedError, startMockServer } from './index';

const fail = (message: string): never => {
  process.stderr.write(`svc-mock: ${message}\n`);
  process.exit(1);
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let options;
  try {
    options = parseServeArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) fail(error.message);
    throw error;
  }
  if (options.state) options.state = resolve(options.state);
  let server;
  try {
    server = await startMockServer(options);
  } catch (error) {
    if (error instanceof PortInUseError) fail(`port ${error.port} is already in use (choose another with --port)`);
    if (error instanceof StateLockedError || error instanceof InvalidStateError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code) fail((error as Error).message);
    throw error;
  }
  const platform = server.platform();
  const { restored } = platform;
  const lines = [
    `svc-mock: serving the mock platform on ${server.url} (admin API under ${server.url}/__svc/)`,
    `setEndpoints(${JSON.stringify(server.endpoints)});`,
  ];
  if (options.state) lines.push(`state: ${options.state} (${restored.operations} operations restored)`);
  for (const failure of restored.failed)
    lines.push(`state: operation ${failure.index} (${failure.op}) could not be replayed: ${failure.message}`);
  process.stdout.write(lines.join('\n') + '\n');

  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
