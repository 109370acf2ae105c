// The engines by name, and what every test of the suite shares: waiting on a page.
import { launchChromium } from './chromium';
import { launchFirefox } from './firefox';
import type { Engine, EngineName, EnginePage } from './types';
import { launchWebkit } from './webkit';

export type { Engine, EngineName, EnginePage } from './types';

export const ENGINES: Record<EngineName, () => Promise<Engine>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebkit,
};

/**
 * Polls `fn` in the page until it returns something truthy, and resolves with it; rejects after
 * `timeout` ms with the last value (or error) seen.
 */
export async function waitFor<R, A = undefined>(
  page: EnginePage,
  fn: (arg: A) => R | Promise<R>,
  arg?: A,
  timeout = 15_000,
): Promise<NonNullable<R>> {
  const until = Date.now() + timeout;
  let last: unknown;
  while (Date.now() < until) {
    try {
      last = await page.evaluate(fn, arg);
      if (last) return last as NonNullable<R>;
    } catch (error) {
      last = error; // a navigation under way
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waitFor: still ${last instanceof Error ? last.message : JSON.stringify(last)} after ${timeout} ms`);
}

/** Polls `fn` in Node until it returns something truthy; rejects after `timeout` ms with the last value. */
export async function until<R>(fn: () => R | Promise<R>, what: string, timeout = 15_000): Promise<NonNullable<R>> {
  const end = Date.now() + timeout;
  let last: R | undefined;
  while (Date.now() < end) {
    last = await fn();
    if (last) return last as NonNullable<R>;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`until: ${what}: still ${JSON.stringify(last)} after ${timeout} ms`);
}
