// The page every Vue test in happy-dom renders into: a fresh container before each test, the app
// unmounted and the page emptied after it, and without IntersectionObserver (stubbed away) so that
// `observe` sends `shown` at once. `problems` holds what Vue (or anything) wrote to console.warn and
// console.error during the test: a hydration mismatch is a `[Vue warn]: Hydration ... mismatch`.
import { afterEach, beforeEach, vi } from 'vitest';
import type { App } from 'vue';
import { IMPRESSION_EVENT, type ImpressionDetail } from '../../src/recommendations';

/** The test's container, its app once the test has mounted one, and the console's warnings and errors. */
export interface VuePage {
  container: HTMLElement;
  app: App | undefined;
  problems: string[];
}

export function useVuePage(): VuePage {
  const page: VuePage = { container: undefined as unknown as HTMLElement, app: undefined, problems: [] };
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', undefined);
    page.container = document.body.appendChild(document.createElement('div'));
    page.problems = [];
    const record = (...args: unknown[]) => void page.problems.push(args.map(String).join(' '));
    vi.spyOn(console, 'warn').mockImplementation(record);
    vi.spyOn(console, 'error').mockImplementation(record);
  });
  afterEach(() => {
    page.app?.unmount();
    page.app = undefined;
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });
  return page;
}

/** The texts of the elements `selector` finds in `root`. */
export const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((element) => element.textContent);

/**
 * The `svc-impression` states that reach `root` from now on, as `<state> <item id>`: `observed` when
 * a card's observation starts, `stopped` when it is stopped while the card is still in the page.
 */
export function impressions(root: Element): string[] {
  const seen: string[] = [];
  root.addEventListener(IMPRESSION_EVENT, (event) => {
    const { state, item } = (event as CustomEvent<ImpressionDetail>).detail;
    seen.push(`${state} ${(item as { id: string }).id}`);
  });
  return seen;
}
