import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Row } from './types';

// Bytes on the wire: gzip of each built file a customer loads (ky is external in
// the packages, so their size here is ours alone; size-limit checks budgets with deps included).
export default async function (): Promise<Row[]> {
  const rows: Row[] = [];
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  rows.push({ bench: 'bundle', metric: 'dist/svc.min.js gzip', value: gz('dist/svc.min.js'), unit: 'B', note: 'script tag, ky included' });
  for (const name of readdirSync('dist')) {
    const file = `dist/${name}/index.js`;
    if (existsSync(file)) rows.push({ bench: 'bundle', metric: `@svc/${name} index.js gzip`, value: gz(file), unit: 'B', note: 'own code, deps external' });
  }
  return rows;
}
