// @svc/experiences: the platform's server experiences, for Node (server-side rendering) and browsers.
export { type Endpoints, setEndpoints } from '@svc/core';
export { createExperiencesClient } from './client';
export { contextCookie, type ContextCookieOptions } from './context-cookie';
export { ExperienceNotFoundError } from './not-found';
export type { ExperiencesClientOptions, GetExperiencesOptions, ExperiencePayload, Experiences, SeenResult, ExperiencesClient } from './types';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
