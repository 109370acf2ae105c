// The one limit of every timer: a `setTimeout` longer than 2^31 - 1 ms fires at once, in browsers
// and in Node, so every timeout, delay and wait of the clients is checked against it.
import { invalid } from './invalid';

/** The longest wait a timer can do, in ms (a longer one fires at once). */
export const MAX_WAIT_MS = 2 ** 31 - 1;

/** Whole milliseconds a timer can hold: an integer from 0 to `MAX_WAIT_MS`. */
export const isTimerMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_WAIT_MS;

/** What a refused timer value is told, in every client. */
export const TIMER_MS = 'must be whole ms from 0 to 2^31-1';

/** `value` as a timer's milliseconds (see `isTimerMs`), else `INVALID_ARGUMENT` naming `argument`. */
export function timerMs(argument: string, value: unknown): number {
  if (!isTimerMs(value)) invalid(argument, value, TIMER_MS);
  return value;
}
