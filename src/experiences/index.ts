// @svc/experiences: the platform's server experiences, for Node (server-side rendering) and browsers.
export { createExperiencesClient } from './client';
export { contextCookie, type ContextCookieOptions } from './context-cookie';
export { ExperienceNotFoundError } from './not-found';
export type { ExperiencesClientOptions, GetExperiencesOptions, ExperiencePayload, Experiences, SeenResult, ExperiencesClient } from './types';
export { setEndpoints, type Endpoints } from '../core/endpoints';
export * from '../core/errors';
