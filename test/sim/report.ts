// Figures of a simulation run: the steady rate, the recovery peak, the drain time; a Markdown table; an SVG chart.
import type { Result } from './model';

/** The window the steady state is measured in, s: after the first pages' warm-up, before any outage. */
export const STEADY = [600, 1200] as const;

/** Seconds the recovery peak is averaged over. */
export const PEAK_WINDOW = 5;

const mean = (a: number[], from: number, to: number) => a.slice(from, to).reduce((x, y) => x + y, 0) / (to - from);

export interface Figures {
  steadyRate: number;
  /** Highest 5-second mean of requests per second after the outage (or after the steady window), divided by the steady rate. */
  peakRatio: number;
  /** Seconds from the end of the outage until the events queued in live pages are back within 10% of steady; undefined without an outage. */
  drainS?: number;
  bytesPerEvent: number;
  /** Mean requests per second during the outage, divided by the steady rate (retries of the live pages). */
  outageRatio?: number;
}

export function figures(r: Result): Figures {
  const steadyRate = mean(r.requests, STEADY[0], STEADY[1]);
  const steadyQueued = mean(r.queued, STEADY[0], STEADY[1]);
  const from = r.scenario.outage ? r.scenario.outage.to / 1000 : STEADY[1];
  const to = Math.min(r.requests.length, r.scenario.arrivalMs / 1000);
  // Peak of 5-second means: a single second of a sampled run is mostly noise.
  let peak = 0;
  for (let i = from; i + PEAK_WINDOW <= to; i++) peak = Math.max(peak, mean(r.requests, i, i + PEAK_WINDOW));
  let drainS: number | undefined;
  if (r.scenario.outage) {
    const i = r.queued.slice(from, to).findIndex((q) => q <= steadyQueued * 1.1);
    drainS = i < 0 ? Infinity : i;
  }
  const o = r.scenario.outage;
  const outageRatio = o && mean(r.requests, o.from / 1000, o.to / 1000) / steadyRate;
  return { steadyRate, peakRatio: peak / steadyRate, drainS, bytesPerEvent: r.bytes / r.emitted, outageRatio };
}

const n = (v: number, digits = 0) =>
  v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function table(r: Result, f: Figures): string {
  const rows: [string, string][] = [
    ['steady request rate', `${n(f.steadyRate)} requests/s`],
    [
      'recovery peak / steady',
      r.scenario.outage ? n(f.peakRatio, 2) : `${n(f.peakRatio, 2)} (highest 5 s, no outage: the noise)`,
    ],
    ['requests during the outage / steady', f.outageRatio === undefined ? '-' : n(f.outageRatio, 2)],
    [
      'time to drain the backlog',
      f.drainS === undefined ? '-' : f.drainS === Infinity ? 'not within the hour' : `${n(f.drainS)} s`,
    ],
    ['events emitted', n(r.emitted)],
    ['events delivered', n(r.delivered)],
    ['events lost to the queue cap', n(r.lostToCap)],
    ['events still stored at the end (dead pages without a next page)', n(r.stillQueued)],
    ['duplicate deliveries (the platform deduplicates)', n(r.duplicates)],
    ['events whose answer was lost (page gone)', n(r.answerLost)],
    ['body bytes per event on the wire (every attempt)', n(f.bytesPerEvent, 1)],
  ];
  return [
    `### ${r.scenario.name}`,
    '',
    '| figure | value |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
  ].join('\n');
}

/** Requests per second over time, one line per scenario (10 s means, so that the lines stay readable). */
export function chart(results: Result[], steadyRate: number): string {
  const W = 900,
    H = 420,
    L = 60,
    B = 40,
    T = 30,
    R = 20;
  const bin = 10;
  const series = results.map((r) => {
    const out: number[] = [];
    for (let i = 0; i + bin <= Math.min(r.requests.length, 3900); i += bin) out.push(mean(r.requests, i, i + bin));
    return out;
  });
  const maxY = Math.max(...series.flat(), steadyRate * 2.2);
  const maxX = Math.max(...series.map((s) => s.length)) * bin;
  const x = (s: number) => L + (s / maxX) * (W - L - R);
  const y = (v: number) => H - B - (v / maxY) * (H - B - T);
  const colours = ['#555', '#d62728', '#1f77b4', '#2ca02c', '#9467bd'];
  const lines = series.map(
    (s, k) =>
      `<polyline fill="none" stroke="${colours[k % colours.length]}" stroke-width="1.5" points="${s.map((v, i) => `${x(i * bin).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"/>`,
  );
  const legend = results.map(
    (r, k) =>
      `<text x="${L + 10}" y="${T + 16 * (k + 1)}" fill="${colours[k % colours.length]}" font-size="12">${r.scenario.name}</text>`,
  );
  const ticksX = Array.from({ length: Math.floor(maxX / 600) + 1 }, (_, i) => i * 600).map(
    (s) => `<text x="${x(s)}" y="${H - B + 16}" font-size="11" text-anchor="middle">${s / 60} min</text>`,
  );
  const ticksY = [0, 1, 2].map(
    (k) =>
      `<line x1="${L}" x2="${W - R}" y1="${y(k * steadyRate)}" y2="${y(k * steadyRate)}" stroke="#ddd"/>` +
      `<text x="${L - 6}" y="${y(k * steadyRate) + 4}" font-size="11" text-anchor="end">${k}× (${n(k * steadyRate)})</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="18" font-size="14" text-anchor="middle">Requests per second reaching the platform (10 s means; steady rate = 1×)</text>`,
    ...ticksY,
    ...ticksX,
    ...lines,
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}
