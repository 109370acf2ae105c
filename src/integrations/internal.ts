// What the mock platform shares with the integrations client and its runner, kept out of
// @svc/integrations' published entries: the run cache, the schedule window rules and the secret
// redactor, so that the mock runs handlers as the runner does. The mock imports this module as
// `@svc/integrations/internal`, a name its build resolves to this file and bundles (it is no
// export of the published package).
export { createCache, type IntegrationCache } from './cache';
export { createRedactor } from './runner/redact';
export { parseDays, parseTime, type ScheduleWindow, windowFault } from './window';
