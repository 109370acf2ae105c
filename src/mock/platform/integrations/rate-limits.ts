import { PERIODS, type RateLimit } from './types';

/** Milliseconds of a rate limit's interval. */
const intervalMs = (limit: RateLimit): number =>
  typeof limit.interval === 'number' ? limit.interval : PERIODS[limit.interval];

/**
 * Sliding-window counters of one integration's rate limits. A run counts against every limit
 * whose target it carries, for `interval` after it started; refused runs do not count.
 */
export function createRateLimiter(now: () => number) {
  // `${limit index} ${JSON of the target's values}` -> start times of the runs counted, oldest first.
  const hits = new Map<string, number[]>();
  const bucket = (index: number, limit: RateLimit, key: Record<string, string | number>): string | undefined => {
    const target = limit.target ?? 'integration';
    if (target === 'integration') return `${index}`;
    if (!target.every((name) => Object.hasOwn(key, name))) return undefined;
    return `${index} ${JSON.stringify(target.map((name) => key[name]))}`;
  };
  return {
    /**
     * Counts a run and returns `undefined`, or returns when a run would be allowed again
     * (epoch ms) without counting it when a limit refuses.
     */
    take(limits: RateLimit[], key: Record<string, string | number>): number | undefined {
      const t = now();
      let retryAt: number | undefined;
      const counted: number[][] = [];
      limits.forEach((limit, index) => {
        const id = bucket(index, limit, key);
        if (id === undefined) return;
        const span = intervalMs(limit);
        const times = (hits.get(id) ?? []).filter((at) => at > t - span);
        hits.set(id, times);
        if (times.length >= limit.limit) retryAt = Math.max(retryAt ?? 0, times[times.length - limit.limit] + span);
        counted.push(times);
      });
      if (retryAt !== undefined) return retryAt;
      for (const times of counted) times.push(t);
      return undefined;
    },
    /** The target key names of `limits` that `key` lacks (an HTTP call must carry them all). */
    missing(limits: RateLimit[], key: Record<string, string | number>): string[] {
      return limits.flatMap((limit) =>
        Array.isArray(limit.target) ? limit.target.filter((name) => !Object.hasOwn(key, name)) : [],
      );
    },
    clear() {
      hits.clear();
    },
  };
}
