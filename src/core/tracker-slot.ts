// How packages find the page's tracker without importing it: the tracker registers itself on
// a global symbol (shared by every bundle on the page). The recommendations client reads it to
// deliver `shown`/`clicked` and to learn the locale from `ecView`.

/** What other packages may use of a tracker. */
export interface PageTracker {
  /** The visitor id; `undefined` while consent is denied. */
  readonly visitorId: string | undefined;
  /**
   * Whether recommendations may use the visitor id (send it as `contextId`): `false` where the
   * visitor's consent allows no personalisation (Consent Mode's `personalization_storage`).
   */
  readonly mayPersonalize?: boolean;
  /** Sends an event of `type` with its `data` through the tracker's delivery. */
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

/** The tracker of this page, if one has registered itself. */
export const pageTracker = (): PageTracker | undefined => (globalThis as Holder)[slot];
/** Registers (or with `undefined`, removes) the page's tracker for the other packages. */
export const setPageTracker = (tracker: PageTracker | undefined): void => {
  (globalThis as Holder)[slot] = tracker;
};
