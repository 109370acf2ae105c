// The stash area's types: what the handlers, the routes, the state and the admin share. Imports nothing
// of the area back, so the parts can import it without a circle.

/** Storage levels: `public` (clients read and write), `protected` (clients read; servers write with a credential). */
export type StashLevel = 'public' | 'protected';

/** One stash request as the handlers parse it from the wire. */
export interface StashRequest {
  /** `{tid}` of the path. */
  trackingId: string;
  /** `{level}` of the path. */
  level: string;
  /** `{fullKey}` (or `{counterKey}`) of the path, percent-decoded; absent for getbatch. */
  key?: string;
  /** The JSON body, `undefined` when absent or malformed. */
  body?: unknown;
  /** deferkv get's `timestamp` query parameter. */
  timestamp?: string | null;
  /** A server credential (`Authorization: Bearer <credential>`), the only way to write `protected`. */
  credential?: string;
}

/** The body of every stash answer (always HTTP 200); status 404 is exactly `{status: 404}`. */
export interface StashReply {
  status: 200 | 400 | 404;
  data?: unknown;
  message?: string;
}

/** A deferkv row that reached its timestamp, delivered to the integration named by `route`. */
export interface StashDelivery {
  trackingId: string;
  key: string;
  value: string;
  route: string;
  /** Platform time of the delivery, epoch ms (the row's timestamp × 1000). */
  at: number;
}
