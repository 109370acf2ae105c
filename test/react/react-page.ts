// The page every React test renders into (happy-dom, React's act environment): a fresh container
// before each test, the root unmounted and the page emptied after it, and without
// IntersectionObserver (stubbed away) so that `observe` sends `shown` at render.
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The test's container, and its root once the test has created one. */
export interface ReactPage {
  container: HTMLElement;
  root: Root | undefined;
}

export function useReactPage(): ReactPage {
  const page = { container: undefined as unknown as HTMLElement, root: undefined as Root | undefined };
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', undefined);
    page.container = document.body.appendChild(document.createElement('div'));
  });
  afterEach(async () => {
    await act(async () => page.root?.unmount());
    page.root = undefined;
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });
  return page;
}
