/**
 * Boot: what the runner checks before it starts a worker. Finds `<dir>/integration.js`, reads
 * `<dir>/package.json` and resolves every declared dependency the way Node will when the handler
 * imports it, so the boot line can name where each one comes from, and a missing one fails the
 * run up front with the command that installs it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';

/** A dependency declared in package.json and where it resolved. */
export interface ResolvedDependency {
  name: string;
  /** The range package.json declares, e.g. `^1.3.0`. */
  declared: string;
  /** The installed version (from its package.json). */
  version: string;
  /** The package's folder. */
  path: string;
  /** True when it came from the integration's own node_modules (what the platform installs). */
  local: boolean;
}

export type BootResult =
  | { ok: true; file: string; dependencies: ResolvedDependency[] }
  | {
      ok: false;
      code: 'NO_INTEGRATION_FILE' | 'INVALID_PACKAGE_JSON' | 'MISSING_DEPENDENCY';
      message: string;
      missing?: string[];
    };

/** npm's rule for package names (lowercase, optional scope, URL-safe). */
const PACKAGE_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;

export function bootIntegration(dir: string): BootResult {
  const file = join(dir, 'integration.js');
  if (!existsSync(file)) return { ok: false, code: 'NO_INTEGRATION_FILE', message: `no integration.js in ${dir}` };

  const manifestFile = join(dir, 'package.json');
  if (!existsSync(manifestFile)) return { ok: true, file, dependencies: [] };
  let declared: Array<[string, unknown]>;
  try {
    const manifest: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const dependencies = (manifest as { dependencies?: unknown } | null)?.dependencies ?? {};
    if (
      typeof manifest !== 'object' ||
      manifest === null ||
      typeof dependencies !== 'object' ||
      dependencies === null ||
      Array.isArray(dependencies)
    ) {
      throw new Error('"dependencies" must be an object of package names to version ranges');
    }
    declared = Object.entries(dependencies);
  } catch (err) {
    return { ok: false, code: 'INVALID_PACKAGE_JSON', message: `${manifestFile}: ${(err as Error).message}` };
  }

  const lookIn = createRequire(file).resolve.paths('x') ?? [];
  const ownModules = join(resolve(dir), 'node_modules');
  const where = relative(process.cwd(), dir) || '.';
  const install = `npm install --prefix ${where.includes(' ') ? JSON.stringify(where) : where}`;
  const dependencies: ResolvedDependency[] = [];
  const missing: string[] = [];
  for (const [name, range] of declared) {
    if (!PACKAGE_NAME.test(name) || typeof range !== 'string') {
      return {
        ok: false,
        code: 'INVALID_PACKAGE_JSON',
        message: `${manifestFile}: dependency ${JSON.stringify(name)}: ${JSON.stringify(range)} is not a package name and a version range`,
      };
    }
    const modules = lookIn.find((folder) => existsSync(join(folder, name, 'package.json')));
    if (!modules) {
      missing.push(`${name}@${range}`);
      continue;
    }
    const path = join(modules, name);
    let installed: { version?: unknown } | null;
    try {
      installed = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as { version?: unknown } | null;
    } catch (err) {
      // A broken install: Node could not load it either.
      const message = `dependency ${name}@${range}: ${join(path, 'package.json')} is not JSON (${(err as Error).message}); reinstall it with: ${install}`;
      return { ok: false, code: 'INVALID_PACKAGE_JSON', message };
    }
    dependencies.push({
      name,
      declared: range,
      version: String(installed?.version ?? '?'),
      path,
      local: modules === ownModules,
    });
  }
  if (missing.length) {
    return {
      ok: false,
      code: 'MISSING_DEPENDENCY',
      missing,
      message: `missing ${missing.length === 1 ? 'dependency' : 'dependencies'} ${missing.join(', ')}: declared in package.json but not installed; install with: ${install}`,
    };
  }
  return { ok: true, file, dependencies };
}

/** `left-pad@1.3.0 from ./node_modules/left-pad`, or the full path when it came from elsewhere. */
export function describeDependency(dependency: ResolvedDependency, dir: string): string {
  const from = dependency.local
    ? `.${sep}${relative(dir, dependency.path)}`
    : `${dependency.path} (outside the integration's node_modules)`;
  return `${dependency.name}@${dependency.version} from ${from}`;
}
