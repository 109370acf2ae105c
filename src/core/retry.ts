import { isRetryable } from './errors';

export interface RetryOptions {
  /** Total attempts, the first included. Default 3. */
  attempts?: number;
  /** Backoff base in ms: attempt k waits a random time in [0, base * 2^k] ("full jitter"). Default 100. */
  baseMs?: number;
  /** Upper bound of one wait in ms. Default 2000. */
  maxMs?: number;
  /** Which failures to try again. Default: `isRetryable` (network, 5xx, 429). */
  shouldRetry?: (error: unknown) => boolean;
}

/** Runs `attempt` until it resolves, a failure is not retryable, or the attempts are used up. */
export async function retry<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 3, baseMs = 100, maxMs = 2000, shouldRetry = isRetryable } = options;
  for (let k = 0; ; k++) {
    try {
      return await attempt();
    } catch (error) {
      if (k + 1 >= attempts || !shouldRetry(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(maxMs, baseMs * 2 ** k)));
    }
  }
}
