#!/usr/bin/env node
// `npm run check:structure`: every export is used or is public API, and no import circle.
// 1. knip (knip.js: the entries of rollup.config.mjs) finds exports and types that nothing imports, and names exported twice,
//    outside the published entries (whose exports are the packages' API, documented by TypeDoc).
// 2. @svc/core's entry is the API the clients are built on: each of its exports must be imported by
//    a client, the mock, the demo or the runner, or be described in docs/clients.md. A helper only
//    the mock or the runner needs belongs in src/core/internal.ts, which is not published.
// 3. dependency-cruiser (.dependency-cruiser.cjs) finds no circle in src/'s imports, type-only
//    ones included.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

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

/** Every .ts file under `dir`, but those under `skip`. */
function* sources(dir, skip) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === skip) continue;
    if (statSync(path).isDirectory()) yield* sources(path, skip);
    else if (path.endsWith('.ts')) yield readFileSync(path, 'utf8');
  }
}

function coreSurface() {
  const users = [...sources(join(root, 'src'), join(root, 'src', 'core')), ...sources(join(root, 'demo'))];
  const imported = new Set();
  for (const text of users) {
    for (const match of text.matchAll(/(?:import|export)(?: type)? \{([^}]*)\} from '@svc\/core(?:\/errors)?'/g)) {
      for (const name of match[1].split(',')) imported.add(name.replace(/^\s*type\s+/, '').trim());
    }
  }
  const guide = readFileSync(join(root, 'docs', 'clients.md'), 'utf8');
  const unused = coreExports().filter((name) => !imported.has(name) && !guide.includes(`\`${name}\``));
  if (unused.length > 0) {
    console.error(
      `@svc/core exports what no package imports and docs/clients.md does not describe: ${unused.join(', ')}`,
    );
    return false;
  }
  console.log('@svc/core: every export is imported by a package or described in docs/clients.md');
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

const results = [knip(), coreSurface(), noCircles()];
process.exitCode = results.every(Boolean) ? 0 : 1;
