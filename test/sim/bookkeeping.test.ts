import { describe, expect, it } from 'vitest';
import { defaults, simulate } from './model';

// 1,000 pages over ten minutes, every page simulated (sample 1), outage in minutes 3-6.
const small = (over: Parameters<typeof defaults>[0]) =>
  simulate(defaults({ pages: 1000, sample: 1, arrivalMs: 600_000, ...over }));

describe('simulation bookkeeping (1,000 pages)', () => {
  for (const [name, over] of [
    ['steady', {}],
    ['silent outage', { outage: { from: 180_000, to: 360_000, mode: 'silent' as const } }],
    ['503 outage', { outage: { from: 180_000, to: 360_000, mode: '503' as const } }],
    ['capacity below demand', { capacity: 0.5 }],
    [
      'tiny queue cap',
      {
        outage: { from: 180_000, to: 360_000, mode: 'silent' as const },
        tracker: { ...defaults().tracker, maxQueue: 2 },
      },
    ],
  ] as const) {
    it(`${name}: every emitted event is delivered, lost (counted) or still queued`, () => {
      const r = small(over);
      expect(r.emitted).toBeGreaterThan(3000); // a page view and about 3 product events per page
      expect(r.unaccounted).toBe(0);
      expect(r.delivered + r.lostToCap + r.stillQueued).toBe(r.emitted);
      // Duplicates only from requests whose answer the page never saw.
      expect(r.duplicates).toBeLessThanOrEqual(r.answerLost);
      // Requests reached the platform every second of the steady part.
      expect(r.requests.slice(60, 170).every((v) => v > 0)).toBe(true);
    });
  }

  it('a silent outage leaves nothing delivered during it and the queue cap drops events only when it is small', () => {
    const outage = { from: 180_000, to: 360_000, mode: 'silent' as const };
    const roomy = small({ outage });
    expect(roomy.accepted.slice(181, 360).every((v) => v === 0)).toBe(true);
    expect(roomy.lostToCap).toBe(0);
    const tight = small({ outage, tracker: { ...defaults().tracker, maxQueue: 2 } });
    expect(tight.lostToCap).toBeGreaterThan(0);
  });

  it('a platform over capacity answers 503 to what is beyond it', () => {
    const r = small({ capacity: 0.5 });
    expect(Math.max(...r.accepted)).toBeLessThanOrEqual(1);
    expect(r.requests.reduce((a, b) => a + b)).toBeGreaterThan(r.accepted.reduce((a, b) => a + b));
  });

  it('repeats for a seed, the backoff included', () => {
    const outage = { from: 180_000, to: 360_000, mode: '503' as const };
    expect(small({ seed: 7, outage }).requests).toEqual(small({ seed: 7, outage }).requests);
    expect(small({ seed: 7, outage }).requests).not.toEqual(small({ seed: 8, outage }).requests);
  });
});
