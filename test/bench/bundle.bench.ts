import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Row } from './types';

// Bytes as published: gzip of each package's index.js, unminified ESM with json-logic-js external (a
// customer's bundler minifies it), and of the minified IIFE. The budgets that matter, minified
// with every dependency, are size-limit's (`npm run size`).
export default async function (): Promise<Row[]> {
  const rows: Row[] = [];
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  rows.push({
    bench: 'bundle',
    metric: 'dist/svc.min.js gzip',
    value: gz('dist/svc.min.js'),
    unit: 'B',
    note: 'script tag, self-contained',
  });
  for (const name of readdirSync('dist')) {
    const file = `dist/${name}/index.js`;
    if (existsSync(file))
      rows.push({
        bench: 'bundle',
        metric: `@svc/${name} index.js gzip`,
        value: gz(file),
        unit: 'B',
        note: 'published ESM, unminified, deps external',
      });
  }
  return rows;
}
