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

/** A failed boot's result. */
type BootFailure = Extract<BootResult, { ok: false }>;

/** The dependencies package.json declares, as `[name, range]`, or the failure naming the file. */
function declaredDependencies(manifestFile: string): Array<[string, unknown]> | BootFailure {
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
    return Object.entries(dependencies);
  } catch (err) {
    return { ok: false, code: 'INVALID_PACKAGE_JSON', message: `${manifestFile}: ${(err as Error).message}` };
  }
}

/** Where Node looks for the integration's dependencies, and the command that installs them. */
interface Lookup {
  lookIn: string[];
  /** The integration's own node_modules. */
  ownModules: string;
  install: string;
  manifestFile: string;
}

/** Dependency `name` as installed, `undefined` when it is not, or the failure (a bad declaration, a broken install). */
function resolveDependency(name: string, range: unknown, lookup: Lookup): ResolvedDependency | undefined | BootFailure {
  if (!PACKAGE_NAME.test(name) || typeof range !== 'string') {
    const declared = `dependency ${JSON.stringify(name)}: ${JSON.stringify(range)}`;
    const message = `${lookup.manifestFile}: ${declared} is not a package name and a version range`;
    return { ok: false, code: 'INVALID_PACKAGE_JSON', message };
  }
  const modules = lookup.lookIn.find((folder) => existsSync(join(folder, name, 'package.json')));
  if (!modules) return undefined;
  const path = join(modules, name);
  let installed: { version?: unknown } | null;
  try {
    installed = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as { version?: unknown } | null;
  } catch (err) {
    // A broken install: Node could not load it either.
    const message = `dependency ${name}@${range}: ${join(path, 'package.json')} is not JSON (${(err as Error).message}); reinstall it with: ${lookup.install}`;
    return { ok: false, code: 'INVALID_PACKAGE_JSON', message };
  }
  const version = String(installed?.version ?? '?');
  return { name, declared: range, version, path, local: modules === lookup.ownModules };
}

/** Checks what the platform would load: integration.js, package.json and its installed dependencies. */
export function bootIntegration(dir: string): BootResult {
  const file = join(dir, 'integration.js');
  if (!existsSync(file)) return { ok: false, code: 'NO_INTEGRATION_FILE', message: `no integration.js in ${dir}` };
  const manifestFile = join(dir, 'package.json');
  if (!existsSync(manifestFile)) return { ok: true, file, dependencies: [] };
  const declared = declaredDependencies(manifestFile);
  if (!Array.isArray(declared)) return declared;

  const where = relative(process.cwd(), dir) || '.';
  const lookup: Lookup = {
    lookIn: createRequire(file).resolve.paths('x') ?? [],
    ownModules: join(resolve(dir), 'node_modules'),
    install: `npm install --prefix ${where.includes(' ') ? JSON.stringify(where) : where}`,
    manifestFile,
  };
  const dependencies: ResolvedDependency[] = [];
  const missing: string[] = [];
  for (const [name, range] of declared) {
    const found = resolveDependency(name, range, lookup);
    if (found === undefined) missing.push(`${name}@${range}`);
    else if ('ok' in found) return found;
    else dependencies.push(found);
  }
  if (!missing.length) return { ok: true, file, dependencies };
  const which = `${missing.length === 1 ? 'dependency' : 'dependencies'} ${missing.join(', ')}`;
  return {
    ok: false,
    code: 'MISSING_DEPENDENCY',
    missing,
    message: `missing ${which}: declared in package.json but not installed; install with: ${lookup.install}`,
  };
}

/** `left-pad@1.3.0 from ./node_modules/left-pad`, or the full path when it came from elsewhere. */
export function describeDependency(dependency: ResolvedDependency, dir: string): string {
  const from = dependency.local
    ? `.${sep}${relative(dir, dependency.path)}`
    : `${dependency.path} (outside the integration's node_modules)`;
  return `${dependency.name}@${dependency.version} from ${from}`;
}
