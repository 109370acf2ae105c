// `npm run simulate [-- --pages 1000000 --sample 0.25]`: the tracker's delivery over a population of pages, four scenarios.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaults, type Result, simulate } from './model';
import { chart, figures, STEADY, table } from './report';

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '1000000' }, sample: { type: 'string', default: '0.25' } },
});
const pages = Number(values.pages);
const sample = Number(values.sample);
if (!Number.isInteger(pages) || pages < 1) fail(`--pages must be a positive integer, got ${values.pages}`);
if (!(sample > 0 && sample <= 1)) fail(`--sample must be in (0, 1], got ${values.sample}`);

const outage = { from: STEADY[1] * 1000, to: STEADY[1] * 1000 + 600_000 };
const base = { pages, sample };
const steady = simulate(defaults({ ...base, name: 'steady (no capacity limit)' }));
const rate = figures(steady).steadyRate;
const results: Result[] = [
  steady,
  simulate(
    defaults({
      ...base,
      name: '10-minute outage, no answer (capacity 3× steady)',
      capacity: 3 * rate,
      outage: { ...outage, mode: 'silent' },
    }),
  ),
  simulate(
    defaults({
      ...base,
      name: '10-minute outage, 503 + Retry-After (capacity 3× steady)',
      capacity: 3 * rate,
      outage: { ...outage, mode: '503' },
    }),
  ),
  simulate(
    defaults({
      ...base,
      name: '10-minute outage, no answer, capacity 1.2× steady',
      capacity: 1.2 * rate,
      outage: { ...outage, mode: 'silent' },
    }),
  ),
];

console.log(`# Tracker delivery at scale: ${pages.toLocaleString('en-US')} page views over an hour`);
console.log(
  `\nSimulated: a ${sample * 100}% sample of the pages (Poisson thinning), platform capacity scaled alike, counts scaled back.`,
);
console.log(`Outage: minutes 20-30. Platform Retry-After: ${steady.scenario.retryAfterS} s.\n`);
for (const r of results) {
  const f = figures(r);
  console.log(table(r, f));
  if (r.scenario.outage) console.log(`\nrecovery peak / steady: ${f.peakRatio.toFixed(2)}`);
  if (r.unaccounted) console.log(`\nBOOKKEEPING ERROR: ${r.unaccounted} events unaccounted for`);
  console.log(`\n(${(r.wallMs / 1000).toFixed(1)} s)\n`);
}
mkdirSync('docs', { recursive: true });
writeFileSync('docs/simulation.svg', chart(results, rate));
console.log('Chart: docs/simulation.svg');
