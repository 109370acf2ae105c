// The admin API of the integrations area: create, update, secrets, list, remove.
import { isObject } from '@svc/core';
import { SEGMENT } from '@svc/core/internal';
import { createCache } from '@svc/integrations/internal';
import { checkSettings, checkTrigger, describeTrigger } from './checks';
import { createRateLimiter } from './rate-limits';
import { startRecurring } from './runs';
import { cancelWhere, type Entry, entryOf, fail, find, type IntegrationsState, infoOf } from './state';
import type { IntegrationDefinition, IntegrationInfo } from './types';

/**
 * Creates an integration; its name is unique within the property and its trigger fixed. Throws a TypeError for a bad
 * definition.
 */
export function createIntegration(
  state: IntegrationsState,
  trackingId: string,
  definition: IntegrationDefinition,
): IntegrationInfo {
  const { clock } = state;
  const { name, description = '', handler, secrets = {} } = definition ?? ({} as IntegrationDefinition);
  if (typeof name !== 'string' || !SEGMENT.test(name) || name === '.' || name === '..')
    fail(`name must match ${SEGMENT} (got ${JSON.stringify(name)})`);
  if (find(state, trackingId, name)) fail(`integration "${name}" already exists in property "${trackingId}"`);
  if (typeof handler !== 'function') fail(`integration "${name}": handler must be a function`);
  if (typeof description !== 'string') fail('description must be a string');
  if (!isObject(secrets) || Object.values(secrets).some((v) => typeof v !== 'string'))
    fail('secrets must be an object of strings');
  const trigger = checkTrigger(definition.trigger ?? 'HTTP');
  const entry: Entry = {
    info: {
      trackingId,
      name,
      description,
      trigger,
      settings: checkSettings(definition.settings),
      createdAt: clock.now(),
    },
    handler,
    secrets: new Map(),
    cache: createCache(clock.now),
    limiter: createRateLimiter(clock.now),
    queue: Promise.resolve(),
  };
  let integrations = state.byProperty.get(trackingId);
  if (!integrations) {
    integrations = new Map();
    state.byProperty.set(trackingId, integrations);
  }
  integrations.set(name, entry);
  setSecrets(state, trackingId, name, secrets);
  if (trigger !== 'HTTP' && 'every' in trigger) startRecurring(state, entry, trigger.every);
  return infoOf(entry);
}

/** Changes description, settings or handler. The trigger is fixed: passing a different one throws. */
export function updateIntegration(
  state: IntegrationsState,
  trackingId: string,
  name: string,
  changes: Partial<Omit<IntegrationDefinition, 'name' | 'secrets'>>,
): IntegrationInfo {
  const entry = entryOf(state, trackingId, name);
  const trigger = describeTrigger(entry.info.trigger);
  if (changes.trigger !== undefined && describeTrigger(checkTrigger(changes.trigger)) !== trigger) {
    fail(`integration "${name}": the trigger is fixed once created (${trigger})`);
  }
  if (changes.handler !== undefined && typeof changes.handler !== 'function')
    fail(`integration "${name}": handler must be a function`);
  if (changes.description !== undefined && typeof changes.description !== 'string')
    fail(`integration "${name}": description must be a string`);
  const settings = changes.settings && checkSettings(changes.settings);
  // Everything is checked above, before any change applies.
  if (settings) {
    entry.info.settings = settings;
    entry.limiter.clear();
  }
  if (changes.description !== undefined) entry.info.description = changes.description;
  if (changes.handler) entry.handler = changes.handler;
  return infoOf(entry);
}

/** Sets or replaces secrets (string values). Write-only: nothing returns their values. Returns the secret names. */
export function setSecrets(
  state: IntegrationsState,
  trackingId: string,
  name: string,
  secrets: Record<string, string>,
): string[] {
  const entry = entryOf(state, trackingId, name);
  if (!isObject(secrets)) fail('secrets must be an object of strings');
  // The whole call is checked before any secret is set: a refused call changes nothing.
  const given = Object.entries(secrets);
  for (const [secret, value] of given) if (typeof value !== 'string') fail(`secret "${secret}" must be a string`);
  for (const [secret, value] of given) entry.secrets.set(secret, value as string);
  return [...entry.secrets.keys()];
}

/** The integrations of a property, or of every property. */
export function listIntegrations(state: IntegrationsState, trackingId?: string): IntegrationInfo[] {
  const maps =
    trackingId === undefined
      ? [...state.byProperty.values()]
      : [state.byProperty.get(trackingId) ?? new Map<string, Entry>()];
  return maps.flatMap((integrations) => [...integrations.values()].map(infoOf));
}

/** Deletes an integration with its pending schedules and recurrence; returns whether it existed. */
export function removeIntegration(state: IntegrationsState, trackingId: string, name: string): boolean {
  const entry = find(state, trackingId, name);
  if (!entry) return false;
  entry.stopRecurring?.();
  cancelWhere(state, (p) => p.view.trackingId === trackingId && p.view.integration === name);
  return state.byProperty.get(trackingId)?.delete(name) ?? false;
}
