export { createMockPlatform, type MockPlatform, type MockPlatformOptions } from './platform';
export { createHandlers, type HandlerOptions } from './handlers';
export type { Clock } from './platform/clock';
export type { Fault, Faults, Route } from './platform/faults';
export type { PropertySettings, Property } from './platform/properties';
export { FIXTURE_TRACKING_ID, type FixtureOptions } from './fixtures';
export { defaultEndpoints, type Endpoints } from '../core/endpoints';
