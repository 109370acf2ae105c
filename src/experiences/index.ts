// @svc/experiences: the platform's server experiences, for Node (server-side rendering) and browsers.
export { type Endpoints, globalPrivacyControl, type RequestHeaders, setEndpoints } from '@svc/core';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export { createExperiencesClient } from './client';
export { type ContextCookieOptions, contextCookie } from './context-cookie';
export { ExperienceNotFoundError } from './not-found';
// Every type of the API: the client, its options, what it answers.
export type * from './types';
