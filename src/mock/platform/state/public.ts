// The state format as both entries, `@svc/mock` and `@svc/mock/server`, export it: one list for the two.
export {
  InvalidStateError,
  STATE_FORMAT,
  STATE_VERSION,
  type StateHeader,
  type StateOperation,
  type StateSnapshot,
} from './format';
