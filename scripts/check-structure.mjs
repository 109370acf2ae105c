#!/usr/bin/env node
// `npm run check:structure`: every export is used or is public API, and no import circle.
// 1. knip (knip.js: the entries of rollup.config.mjs) finds exports and types that nothing imports, and names exported twice,
//    outside the published entries (whose exports are the packages' API, documented by TypeDoc).
// 2. @svc/core's entry is the API the clients are built on: each of its exports is described in
//    docs/clients.md. Plumbing no customer calls belongs in src/core/internal.ts, which is not published.
// 3. Every value a published entry exports (dist/<package>/package.json's `exports`, read from the
//    built declarations) is named in a guide (README.md, docs/**/*.md), or it is no export: what a
//    customer can import is what the guides tell them of. Types are documented by TypeDoc. An entry
//    that is not API (`notApi` in rollup.config.mjs: `@svc/recommendations/internal`, for @svc/react
//    and @svc/vue only) is left out: its package's README says that it is not for shops.
// 4. dependency-cruiser (.dependency-cruiser.cjs) finds no circle in src/'s imports, type-only
//    ones included.
// 5. No code, test or script names a path outside the repository (scripts/outside-paths.mjs): a
//    stranger's clone has nothing beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { packages } from '../rollup.config.mjs';
import { outsidePathsOf } from './outside-paths.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);

function knip() {
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'knip'), ['--include', 'exports,types,duplicates'], {
      cwd: root,
      stdio: 'inherit',
    });
    console.log('knip: no unused export, type or duplicate outside the published entries');
    return true;
  } catch {
    return false;
  }
}

/** The names `src/core/index.ts` exports, read with TypeScript's own parser. */
export function coreExports() {
  const path = join(root, 'src', 'core', 'index.ts');
  const program = ts.createProgram([path], { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(path));
  return checker.getExportsOfModule(symbol).map((exported) => exported.getName());
}

function coreSurface() {
  const guide = readFileSync(join(root, 'docs', 'clients.md'), 'utf8');
  const described = (name) => guide.includes(`\`${name}\``) || guide.includes(`\`${name}(`);
  const unnamed = coreExports().filter((name) => !described(name));
  if (unnamed.length > 0) {
    console.error(`@svc/core exports what docs/clients.md does not describe: ${unnamed.join(', ')}`);
    return false;
  }
  console.log('@svc/core: every export is described in docs/clients.md');
  return true;
}

/** The text of every guide: README.md and every .md file under docs/. */
function guides() {
  const texts = [readFileSync(join(root, 'README.md'), 'utf8')];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(root, 'docs'));
  return texts.join('\n');
}

/** The value exports (not types) of a built declaration file. */
function valueExports(file) {
  const program = ts.createProgram([file], { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  const isValue = (exported) => {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    return (target.flags & ts.SymbolFlags.Value) !== 0;
  };
  return checker
    .getExportsOfModule(symbol)
    .filter(isValue)
    .map((exported) => exported.getName())
    .filter((name) => name !== 'default');
}

/** The export subpaths that are not API, as `@svc/<name>/<entry>`. */
const notApi = new Set(packages.flatMap((pkg) => (pkg.notApi ?? []).map((entry) => `@svc/${pkg.name}/${entry}`)));

function publishedValuesNamed() {
  const dist = join(root, 'dist');
  if (!existsSync(dist)) {
    console.error('published exports: no dist/ (run `npm run build` first)');
    return false;
  }
  const text = guides();
  const unnamed = [];
  for (const name of readdirSync(dist)) {
    const manifest = join(dist, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: packageName, exports } = JSON.parse(readFileSync(manifest, 'utf8'));
    for (const [subpath, target] of Object.entries(exports)) {
      if (typeof target !== 'object' || !target.types) continue;
      if (notApi.has(`${packageName}${subpath.slice(1)}`)) continue;
      for (const value of valueExports(join(dist, name, target.types))) {
        if (!new RegExp(`\\b${value.replaceAll('$', '\\$')}\\b`).test(text))
          unnamed.push(`${packageName}${subpath.slice(1)}: ${value}`);
      }
    }
  }
  if (unnamed.length > 0) {
    console.error(
      `published exports named in no guide (document them, or export them no more):\n  ${unnamed.join('\n  ')}`,
    );
    return false;
  }
  console.log('published exports: every value is named in a guide');
  return true;
}

function noCircles() {
  try {
    execFileSync(
      join(root, 'node_modules', '.bin', 'depcruise'),
      ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { cwd: root, stdio: 'inherit' },
    );
    return true;
  } catch {
    return false;
  }
}

function nothingOutside() {
  const found = outsidePathsOf(root);
  if (found.length > 0) {
    const lines = found.map(({ file, line, form, path }) => `${file}:${line}: ${form} ${path}`);
    console.error(`paths outside the repository (a clone has nothing beside it):\n  ${lines.join('\n  ')}`);
    return false;
  }
  console.log('paths: nothing names a path outside the repository');
  return true;
}

const results = [knip(), coreSurface(), publishedValuesNamed(), noCircles(), nothingOutside()];
process.exitCode = results.every(Boolean) ? 0 : 1;
