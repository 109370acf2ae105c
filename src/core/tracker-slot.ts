// How packages find the page's tracker without importing it: the tracker registers itself on
// a global symbol (shared by every bundle on the page). The recommendations client reads it to
// deliver `shown`/`clicked` and to learn the locale from `ecView`.

/** What other packages may use of a tracker. */
export interface PageTracker {
  readonly visitorId: string | undefined;
  emit(type: string, data: Record<string, unknown>): unknown;
  /** Sends the queue now (keepalive requests); recommendation clicks use it ahead of a navigation. */
  flush?(): unknown;
  /** Calls `handler` for this page's earlier events of the type (replay), then for new ones. Returns an unsubscribe. */
  on(
    type: string | RegExp,
    handler: (event: { meta: Record<string, unknown>; data: Record<string, unknown> }) => void,
  ): () => void;
}

const slot = Symbol.for('svc.tracker');
type Holder = { [slot]?: PageTracker };

export const pageTracker = (): PageTracker | undefined => (globalThis as Holder)[slot];
export const setPageTracker = (tracker: PageTracker | undefined): void => {
  (globalThis as Holder)[slot] = tracker;
};
