// runIntegration's options: each checked before anything runs (`INVALID_ARGUMENT` naming it),
// the defaults filled in.
import { resolve } from 'node:path';
import { invalid, readTimeout, type TimeoutRule } from '@svc/core';
import { createCache, type IntegrationCache } from '../cache';
import { DEFAULTS } from '../defaults';
import { checkJson } from '../json';
import type { LogLine, RunOptions } from './types';

/** The timeout when none is given (the platform's own default is not published). */
export const DEFAULT_TIMEOUT_MS = DEFAULTS.runTimeout;

/** A run always ends: a handler's run holds a worker, so a timeout of 0 (none) is refused. */
const TIMEOUT: TimeoutRule = { default: DEFAULTS.runTimeout, least: 1 };

/** The default `cache`: one per integration folder, kept for the life of the process. */
const caches = new Map<string, IntegrationCache>();

/** The options of one run, checked, with their defaults. */
export interface Run {
  /** The integration's folder, absolute. */
  dir: string;
  payload: unknown;
  secrets: Record<string, string>;
  timeout: number;
  memoryLimitMb: number;
  onLog: ((line: LogLine) => void) | undefined;
  cache: IntegrationCache;
}

/** `options` checked (`INVALID_ARGUMENT` naming the first wrong one) and completed. */
export function readRunOptions(options: RunOptions): Run {
  if (typeof options !== 'object' || options === null) invalid('options', options, 'must be an object');
  const { payload = {}, onLog, memoryLimitMb = DEFAULTS.memoryLimitMb } = options;
  if (typeof options.dir !== 'string' || !options.dir)
    invalid('options.dir', options.dir, "must be the integration's folder");
  const timeout = readTimeout('options.timeout', options.timeout, TIMEOUT);
  if (onLog !== undefined && typeof onLog !== 'function') invalid('options.onLog', onLog, 'must be a function');
  if (!Number.isInteger(memoryLimitMb) || memoryLimitMb < 16 || memoryLimitMb > 65_536)
    invalid('options.memoryLimitMb', memoryLimitMb, 'must be an integer number of MB in 16..65536');
  checkJson('options.payload', payload);
  const secrets = copySecrets(options.secrets);
  const dir = resolve(options.dir);
  const cache = options.cache ?? caches.get(dir) ?? caches.set(dir, createCache()).get(dir)!;
  return { dir, payload, secrets, timeout, memoryLimitMb, onLog, cache };
}

function copySecrets(secrets: unknown): Record<string, string> {
  if (secrets === undefined) return Object.create(null) as Record<string, string>;
  if (typeof secrets !== 'object' || secrets === null || Array.isArray(secrets))
    invalid('options.secrets', secrets, 'must be an object of names to string values');
  const copy = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(secrets)) {
    if (typeof value !== 'string') invalid(`options.secrets.${name}`, value, 'must be a string');
    copy[name] = value;
  }
  return copy;
}
