// The default of every option of @svc/integrations, the client's and the local runner's, in one place.

/** What each option is when left out (`IntegrationOptions` and `RunOptions` document each). */
export const DEFAULTS = {
  /**
   * createIntegration's `timeout`, ms: none, as an integration's own timeout bounds the handler
   * (the platform answers 504 past it).
   */
  timeout: 0,
  /** runIntegration's `timeout` (the CLI's `--timeout`), ms: the platform's own default is not published. */
  runTimeout: 30_000,
  /** runIntegration's `memoryLimitMb`: the handler's heap, in MB. */
  memoryLimitMb: 128,
} as const;
