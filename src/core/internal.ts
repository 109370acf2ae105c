// Helpers that the mock platform and the integration runner share with core, kept out of
// @svc/core's published entry (which exports what docs/clients.md describes). Those two import
// this module as `@svc/core/internal`, a name their builds resolve to this file and bundle (it is
// no export of the published package), so they carry their own copy of these few lines.
export { SEGMENT } from './path';
export { decodeSegment, escapeRegExp } from './text';
