// Whether another page of the site still lives, so that its stored events are left to it. Judged
// first by something a skewed clock cannot fake: the Web Lock each page holds while it has events
// stored (released at page exit, or by the browser when the page dies). The heartbeat's wall-clock
// time decides only where Web Locks cannot tell (plain http, a record of an older version).

/**
 * A stored page record as read: `t` its heartbeat (ms since the epoch; 0: the page left), `l` 1 when the page holds its
 * Web Lock.
 */
export interface PageRecord {
  t?: unknown;
  l?: unknown;
  /** Events of a record written before chunks. */
  e?: unknown;
}

/**
 * Ms a heartbeat stays credible, either way from now: live pages beat every 30 s (hidden ones at least once a minute).
 */
export const HEARTBEAT_SPAN = 180_000;

/** The Web Lock a page holds while it has events stored. */
const pageLockName = (trackingId: string, pageViewId: string) => `_svcp:${trackingId}:${pageViewId}`;

/**
 * Whether the page of `record` lives. Dead: no record or one that is not an object (unreadable,
 * not JSON), `t` 0 (it left) or not a finite number. With `l` and `live` known (the pages whose
 * Web Lock is held or asked for): alive exactly when its lock is, whatever its clock says.
 * Otherwise by the wall clock: alive when `t` is within `HEARTBEAT_SPAN` of `now`, either way (a
 * heartbeat a year ahead is no live page's).
 */
export function isAlive(record: PageRecord | undefined, page: string, now: number, live?: ReadonlySet<string>) {
  if (typeof record !== 'object' || record === null) return false;
  const { t, l } = record;
  if (typeof t !== 'number' || !Number.isFinite(t) || t === 0) return false;
  if (l === 1 && live) return live.has(page);
  return Math.abs(now - t) <= HEARTBEAT_SPAN;
}

/**
 * The page view ids of `trackingId` whose Web Lock is held or asked for, in every tab of the
 * origin; `undefined` where Web Locks cannot tell (no `navigator.locks`, or `query` failed).
 */
export async function livePages(trackingId: string): Promise<Set<string> | undefined> {
  const prefix = pageLockName(trackingId, '');
  try {
    const { held = [], pending = [] } = await navigator.locks.query();
    const names = [...held, ...pending].map((lock) => lock.name ?? '');
    return new Set(names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)));
  } catch {
    return undefined;
  }
}

/** The page's own Web Lock: held while it has events stored, so that other pages see it alive. */
export class PageLock {
  readonly #name: string;
  #state: 'free' | 'asked' | 'held' = 'free';
  /** Whether the page wants it now (a release while it was asked for lets it go once granted). */
  #wanted = false;
  #release: (() => void) | undefined;

  constructor(trackingId: string, pageViewId: string) {
    this.#name = pageLockName(trackingId, pageViewId);
  }

  /** Whether the page holds it now. */
  get held() {
    return this.#state === 'held';
  }

  /** Asks for it where there are Web Locks (once); `onHeld` when granted. */
  hold(onHeld: () => void): void {
    this.#wanted = true;
    if (this.#state !== 'free' || typeof navigator === 'undefined' || !navigator.locks) return;
    this.#state = 'asked';
    const granted = () =>
      new Promise<void>((release) => {
        this.#release = release;
        this.#state = 'held';
        if (this.#wanted) onHeld();
        else this.release();
      });
    navigator.locks.request(this.#name, granted).catch(() => {
      this.#state = 'free';
    });
  }

  /** Lets it go (page exit, nothing stored any more). */
  release(): void {
    this.#wanted = false;
    if (this.#state !== 'held') return;
    this.#state = 'free';
    this.#release?.();
  }
}
