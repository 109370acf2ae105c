import type { IntegrationCache } from '@svc/integrations/internal';

/** Periods of rate-limit intervals and recurring schedules, in milliseconds (UTC). */
export const PERIODS = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;
/** A period's name: `minute`, `hour`, `day` or `week`. */
export type Period = keyof typeof PERIODS;

/**
 * What starts an integration; fixed once created.
 * - `'HTTP'`: the execute / schedule / cancel routes (and deferkv deliveries naming it as `route`).
 * - `{ event: 'ecBasketTransactionSummary' }`: every accepted tracking event of that type of its property.
 * - `{ every: 'hour' }`: recurring, on each UTC minute / hour / day (00:00) / week (monday 00:00) boundary.
 */
export type Trigger = 'HTTP' | { event: string } | { every: Period };

/** At most `limit` runs per `interval`, counted per `target`. */
export interface RateLimit {
  /** Runs allowed per interval (whole number >= 1). */
  limit: number;
  /** A period name, or milliseconds. Sliding: a run counts for `interval` after it started. */
  interval: Period | number;
  /**
   * `'integration'`: one count for the whole integration. A list of key names: one count per
   * combination of those values of the invocation's `key` (an HTTP call whose key lacks one is
   * refused with 400; runs without a key, such as event runs, are not counted by it).
   * @default 'integration'
   */
  target?: 'integration' | string[];
}

/** How long a run may take and how often it may run. */
export interface IntegrationSettings {
  /**
   * Milliseconds a run may take before it is recorded (and answered) as a timeout, at most 60000.
   * @default 10000
   */
  timeout?: number;
  /** Every limit must allow a run. @default undefined */
  rateLimits?: RateLimit[];
}

/** A line the handler logged through the `console` member of its argument. */
export interface LogLine {
  level: 'debug' | 'log' | 'info' | 'warn' | 'error';
  /** The arguments, strings as-is and other values as JSON, joined by spaces; secret values replaced by `[secret]`. */
  message: string;
}

/** The `console` member of a handler's argument: one function per level, each recording a `LogLine`. */
export type HandlerConsole = Record<LogLine['level'], (...args: unknown[]) => void>;

/** What a handler is called with. */
export interface HandlerArgument {
  payload: unknown;
  /** The integration's secrets (a frozen copy). */
  secrets: Readonly<Record<string, string>>;
  /** The integration's cache, kept between runs (see `createCache`). */
  cache: IntegrationCache;
  /** Logging that the run records: `debug`, `log`, `info`, `warn`, `error`. */
  console: HandlerConsole;
}

/** The integration's code: `integration.js`'s exported function. */
export type IntegrationHandler = (argument: HandlerArgument) => unknown;

/** An integration to create or update: its name, trigger, code and settings. */
export interface IntegrationDefinition {
  /** Unique within the property; a path segment (`^[A-Za-z0-9._~-]{1,128}$`). */
  name: string;
  /** @default '' */
  description?: string;
  /** Fixed once created. @default 'HTTP' */
  trigger?: Trigger;
  settings?: IntegrationSettings;
  handler: IntegrationHandler;
  /** Initial secrets; write-only afterwards. */
  secrets?: Record<string, string>;
}

/** An integration as the admin API shows it: secret names only, never their values. */
export interface IntegrationInfo {
  trackingId: string;
  name: string;
  description: string;
  trigger: Trigger;
  settings: { timeout: number; rateLimits: RateLimit[] };
  secretNames: string[];
  /** Platform time of creation, epoch ms. */
  createdAt: number;
}

/** How a recorded run ended. */
export type RunStatus = 'ok' | 'error' | 'timeout' | 'rate-limited';

/** One run of an integration, as recorded once it finished (or was refused by a rate limit). */
export interface IntegrationRun {
  executionId: string;
  trackingId: string;
  integration: string;
  /** What started it. */
  trigger: 'execute' | 'schedule' | 'event' | 'recurring' | 'delivery';
  key: Record<string, string | number>;
  payload: unknown;
  /** Platform time the run started (a scheduled run: its `runAt`), epoch ms. */
  at: number;
  status: RunStatus;
  /** Real milliseconds the handler took (0 when refused). */
  durationMs: number;
  logs: LogLine[];
  /** Log lines left out over RUN_LIMITS (absent when none). */
  droppedLogLines?: number;
  /** The handler's return value, when `ok`. */
  result?: unknown;
  /** The error's message (`error`), or what timed out (`timeout`), or the limit (`rate-limited`). */
  error?: string;
  /** `rate-limited`: when a run would be allowed again, ISO 8601 UTC. */
  retryAt?: string;
}

/** A schedule waiting for its `runAt`. */
export interface PendingExecution {
  executionId: string;
  trackingId: string;
  integration: string;
  key: Record<string, string | number>;
  payload: unknown;
  /** ISO 8601, UTC. */
  runAt: string;
}
