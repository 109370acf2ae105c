export { defaultEndpoints, type Endpoints } from '@svc/core';
export { FIXTURE_TRACKING_ID, type FixtureOptions, type Fixtures, generateFixtures } from './fixtures';
export { createHandlers, type HandlerOptions } from './handlers';
export { createMockPlatform, type MockPlatform, type MockPlatformOptions } from './platform';
export type { BusTopics } from './platform/bus';
export type { Clock } from './platform/clock';
export type { EventStats, IngestResult, ReceivedEvent, StrategyMetrics } from './platform/events';
export type * from './platform/experiences';
export { seedDemoExperiences } from './platform/experiences/fixtures';
export type { Fault, Faults, Route } from './platform/faults';
export { INTEGRATION_TIMEOUT, type IntegrationsAdmin, RUN_LIMITS, runAt } from './platform/integrations';
export { DEMO_INTEGRATIONS, seedDemoIntegrations } from './platform/integrations/fixtures';
export * from './platform/integrations/types';
export type { Property, PropertySettings } from './platform/properties';
// The areas' own types, for customers' tests that drive the platform.
export type * from './platform/recommend';
export { InvalidFeedError, InvalidRuleError, PROMOTION_FACTOR, type Promotion } from './platform/recommend';
/** The operators a recommendation rule's condition may use (others are refused with HTTP 400). */
export { RULE_OPERATORS } from './platform/recommend/rules';
export type { StashDelivery, StashLevel, StashReply, StashRequest, StashRoute, StashService } from './platform/stash';
export { STASH_LIMITS } from './platform/stash';
// The platform's state as a versioned JSON object: platform.snapshot(), createMockPlatform({ state }).
export * from './platform/state/public';
export type { ReplayFailure } from './platform/state/recorder';
// Integration secrets in the state: name and fingerprint, sealed only with a SecretSealer.
export { type RecordedSecret, type SecretSealer, SecretUnavailableError } from './platform/state/secrets';
