#!/usr/bin/env node
// Lists the functions in src/ longer than a limit (60 lines by default), so that a reader can hold
// each unit. A function's lines run from its first line to its last, nested functions included.
// Usage: node scripts/long-functions.mjs [--max 60] [--dir src] [--json]
// Exit code 1 when a function outside ALLOWED is over the limit; 0 otherwise; 2 for a bad argument.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Functions allowed to be longer, each with the reason: data tables and generated text, where the
 * length is the data, not logic. Keyed by `path:name` as this script prints them.
 */
export const ALLOWED = new Map([]);

const ROOT = new URL('..', import.meta.url).pathname;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** A readable name for a function node: its own name, else the variable, property or call it sits in. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function in `file` with its line count (first line to last line of its body, inclusive). */
export function functionsOf(path, text = readFileSync(path, 'utf8')) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Functions of src/ over `max` lines: `{ id: 'path:name', line, lines, allowed }`, longest first. */
export function longFunctions(max = 60, dir = join(ROOT, 'src')) {
  const long = [];
  for (const path of sourceFiles(dir)) {
    for (const fn of functionsOf(path)) {
      if (fn.lines <= max) continue;
      const id = `${relative(ROOT, path)}:${fn.name}`;
      long.push({ id, line: fn.line, lines: fn.lines, allowed: ALLOWED.get(id) });
    }
  }
  return long.sort((a, b) => b.lines - a.lines);
}

/** The value after `--name`, or `fallback`. */
function option(args, name, fallback) {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const max = Number(option(args, 'max', '60'));
  const dir = option(args, 'dir', join(ROOT, 'src'));
  if (!Number.isInteger(max) || max < 1) {
    console.error('long-functions: --max needs a whole number of lines >= 1');
    process.exit(2);
  }
  if (typeof dir !== 'string' || !existsSync(dir)) {
    console.error(`long-functions: --dir ${dir ?? ''} is not a directory`);
    process.exit(2);
  }
  const long = longFunctions(max, dir);
  if (args.includes('--json')) console.log(JSON.stringify(long, null, 2));
  else {
    for (const f of long) {
      const allowed = f.allowed ? `  allowed: ${f.allowed}` : '';
      console.log(`${String(f.lines).padStart(4)} lines  ${f.id} (line ${f.line})${allowed}`);
    }
  }
  process.exit(long.some((f) => !f.allowed) ? 1 : 0);
}
