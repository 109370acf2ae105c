// @svc/experiences: the platform's server experiences, for Node (server-side rendering) and browsers.
export { type Endpoints, setEndpoints } from '@svc/core';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export { createExperiencesClient } from './client';
export { type ContextCookieOptions, contextCookie } from './context-cookie';
export { ExperienceNotFoundError } from './not-found';
export type {
  ExperiencePayload,
  Experiences,
  ExperiencesClient,
  ExperiencesClientOptions,
  GetExperiencesOptions,
  SeenResult,
} from './types';
