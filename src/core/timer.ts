// The one limit of every timer: a `setTimeout` longer than 2^31 - 1 ms fires at once, in browsers
// and in Node, so every timeout, delay and wait of the clients is checked against it.

/** The longest wait a timer can do, in ms (a longer one fires at once). */
export const MAX_WAIT_MS = 2 ** 31 - 1;
