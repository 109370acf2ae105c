// The BUILT command, as a customer runs it: dist/integrations/cli.js (`npm run build` first; `npm test` does).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const root = resolve(import.meta.dirname, '../../..');
export const packageDir = join(root, 'dist', 'integrations');
export const cli = join(packageDir, 'cli.js');

/** Throws, saying what to run, when the build is missing. */
export function requireBuiltCli(): void {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
}

/**
 * Runs the built command as its own process (asynchronously: a local server may answer from this
 * process): its exit code and output.
 */
export async function svcIntegration(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}
