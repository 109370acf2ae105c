export { createMockPlatform, type MockPlatform, type MockPlatformOptions } from './platform';
export { defaultEndpoints, type Endpoints } from '@svc/core';
export { createHandlers, type HandlerOptions } from './handlers';
// The platform's state as a versioned JSON object: platform.snapshot(), createMockPlatform({ state }).
export { InvalidStateError, STATE_FORMAT, STATE_VERSION, type StateSnapshot, type StateHeader, type StateOperation } from './platform/state/format';
export type { ReplayFailure } from './platform/state/recorder';
export type { Clock } from './platform/clock';
export type { Fault, Faults, Route } from './platform/faults';
export type { PropertySettings, Property } from './platform/properties';
export { FIXTURE_TRACKING_ID, generateFixtures, type FixtureOptions, type Fixtures } from './fixtures';
// The areas' own types, for customers' tests that drive the platform.
export type * from './platform/recommend';
export { InvalidRuleError, InvalidFeedError, PROMOTION_FACTOR, type Promotion } from './platform/recommend';
export type { StashLevel, StashRequest, StashReply, StashDelivery } from './platform/stash';
export { STASH_LIMITS } from './platform/stash';
export type { ReceivedEvent, EventStats, StrategyMetrics, IngestResult } from './platform/events';
export type * from './platform/experiences';
export { seedDemoExperiences } from './platform/experiences/fixtures';
export * from './platform/integrations/types';
export { INTEGRATION_TIMEOUT, RUN_LIMITS, runAt, type IntegrationsAdmin } from './platform/integrations';
export { seedDemoIntegrations, DEMO_INTEGRATIONS } from './platform/integrations/fixtures';
