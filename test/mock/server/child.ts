import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { distDir } from './readme';

export const cli = join(distDir, 'mock', 'cli.js');

export interface Child {
  process: ChildProcess;
  /** What it printed on stdout once ready. */
  stdout: string;
  url: string;
}

/** Starts `svc-mock serve --port 0 <args>` as a child process; resolves once it printed its URL. */
export function startServer(args: string[]): Promise<Child> {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const match = /serving the mock platform on (http:\/\/\S+)/.exec(stdout);
      if (match && stdout.includes('setEndpoints(')) resolve({ process: child, stdout, url: match[1] });
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('exit', (code) => reject(new Error(`svc-mock exited with ${code}: ${stderr}`)));
  });
}

/** Runs `svc-mock <args>` to its end: exit code and output. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Kills with SIGKILL (no chance to flush or clean up) and waits for the exit. */
export function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Stops gracefully (SIGTERM) and waits. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
