// The one page API the engines suite is written against: each driver (chromium.ts, firefox.ts,
// webkit.ts) implements it over its own protocol, so the same test code runs in every engine.

/** The engines the suite runs in. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** A cookie as the browser holds it for the page's URL. */
export interface PageCookie {
  name: string;
  value: string;
}

/** The keys a test presses. */
export type Key = 'Enter' | 'ArrowRight' | 'ArrowLeft';

/** One page of a fresh browser profile: no cookies, no storage of an earlier page. */
export interface EnginePage {
  /** Navigates and waits for the `load` event. */
  open(url: string): Promise<void>;
  /**
   * Runs `fn` in the page (its source is sent: it must use nothing of this module) with `arg`, a
   * JSON value, and resolves with its (awaited, JSON) result.
   */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** The cookies the browser holds for the page's current URL. */
  cookies(): Promise<PageCookie[]>;
  /** A click on the first element matching `selector`, through the browser's input (scrolled into view). */
  click(selector: string): Promise<void>;
  /** Focuses the first element matching `selector` and presses `key` there, through the browser's input. */
  press(selector: string, key: Key): Promise<void>;
  /**
   * Takes the network away from the page (`true`) or gives it back, as the browser's offline mode
   * (`navigator.onLine`, the `offline` and `online` events). Absent where the driver has no such
   * command: classic WebDriver (WebKit's) has none.
   */
  offline?(on: boolean): Promise<void>;
  /** Sets the size of the page's viewport (WebKit: of its window). */
  resize(width: number, height: number): Promise<void>;
  /** A PNG of what the viewport shows, or of the first element matching `selector`. */
  screenshot(path: string, selector?: string): Promise<void>;
  /**
   * Another tab of the same profile (its cookies and storage), blank until opened. Closing it closes
   * that tab alone; closing the first page closes its tabs too.
   */
  tab(): Promise<EnginePage>;
  /** Closes the page and forgets its profile. */
  close(): Promise<void>;
}

/** A running browser. */
export interface Engine {
  name: EngineName;
  /** The browser's version, as it reports it. */
  version: string;
  /** A page of a fresh profile, `width` × `height` (1280 × 720 unless given). */
  page(size?: { width: number; height: number }): Promise<EnginePage>;
  close(): Promise<void>;
}

export const DEFAULT_SIZE = { width: 1280, height: 720 };
