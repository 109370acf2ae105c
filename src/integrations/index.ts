// @svc/integrations: placeholder until its issue lands.
export { createCache, type IntegrationCache } from './cache';
