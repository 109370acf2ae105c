// Plumbing the packages share with core that no customer calls, kept out of @svc/core's published
// entry (which exports what docs/clients.md describes): the QA channel and the mock switch, the
// page's tracker slot, event metadata, the stash key rule, helpers of the mock and the runner. The
// mock switch's reader, `answeringMock`, is core's own (it reads a cookie through core's jar, which
// a copy here would bundle a second time).
// Packages import this module as `@svc/core/internal`, a name their builds resolve to this file
// and bundle (it is no export of the published package). A copy per package is safe: the QA
// channel and the tracker slot live in `Symbol.for` slots of the page, the mock switch in the
// tab's sessionStorage, and the rest keeps nothing another copy would need.
export { type EventSource, eventMeta } from './event-meta';
export { SEGMENT } from './path';
export {
  type OverlaySettings,
  QA_MOCK_COOKIE,
  QA_MOCK_KEY,
  type QaChannel,
  type QaRecord,
  qaChannel,
  qaRecord,
} from './qa-channel';
export { fullKeyProblem, looksLikeVisitorId } from './stash-key';
export { decodeSegment, escapeRegExp } from './text';
export { setPageTracker } from './tracker-slot';
