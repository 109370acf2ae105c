// The tracker's rule for an answer to a batch, on its own so that the QA overlay reads deliveries
// by the same rule without bundling the sender.

/** Worth trying again: no answer (0), 408, 429, 5xx. Anything else is final: 2xx acknowledged, other 4xx refused. */
export const retryable = (status?: number) => !status || status === 408 || status === 429 || status > 499;
