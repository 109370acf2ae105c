import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { snowplowBundle } from './snowplow';
import type { Row } from './types';

/** One entry of `size-limit --json`. */
interface SizeLimitEntry {
  name: string;
  size: number;
  sizeLimit: number;
}

const SEGMENT_STANDALONE = 'node_modules/@segment/analytics-next/dist/umd/standalone.js';

// Bytes as customers receive them. size-limit's figures (min+gzip, every dependency included) with
// the budget of each entry (.size-limit.json, the ceilings `npm test` enforces); gzip -9 of the
// script tag beside the peers' script tags; gzip of each package's index.js as published
// (unminified ESM, dependencies external: a customer's bundler minifies it).
export default async function (): Promise<Row[]> {
  const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
  const sizeLimit = JSON.parse(
    execFileSync('node_modules/.bin/size-limit', ['--json'], { encoding: 'utf8' }),
  ) as SizeLimitEntry[];
  const rows: Row[] = sizeLimit.map(({ name, size, sizeLimit: limit }) => ({
    bench: 'bundle',
    metric: name,
    value: size,
    unit: 'B',
    note: `size-limit, min+gzip; budget ${limit} B`,
  }));
  const ours = gz(readFileSync('dist/svc.min.js'));
  const segment = gz(readFileSync(SEGMENT_STANDALONE));
  const snowplow = gz(await snowplowBundle(['newTracker', 'trackPageView']));
  const tag = (metric: string, value: number, note: string): Row => ({
    bench: 'bundle',
    metric,
    value,
    unit: 'B',
    note,
  });
  rows.push(
    tag('dist/svc.min.js, gzip -9', ours, 'the script tag, every client'),
    tag('Segment analytics.js standalone, gzip -9', segment, '@segment/analytics-next dist/umd/standalone.js'),
    tag('Snowplow browser tracker, gzip -9', snowplow, 'newTracker and trackPageView bundled by esbuild, minified'),
  );
  for (const name of readdirSync('dist').sort()) {
    const file = `dist/${name}/index.js`;
    if (existsSync(file))
      rows.push(
        tag(`@svc/${name} index.js, gzip -9`, gz(readFileSync(file)), 'published ESM, unminified, deps external'),
      );
  }
  return rows;
}
