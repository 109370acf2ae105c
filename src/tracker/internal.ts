// What the mock platform shares with the tracker, kept out of @svc/tracker's published entry: the
// rule a batch's events must pass (the platform refuses what the tracker would not send). The mock
// imports this module as `@svc/tracker/internal`, a name its build resolves to this file and
// bundles (it is no export of the published package).
export { checkWireEvent } from './schema';
export type { TrackingEvent } from './types';
