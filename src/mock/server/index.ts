import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Endpoints } from '@svc/core';
import { getResponse, type HttpHandler } from 'msw';
import { adminRefusal } from '../access/admin';
import { type CorsOptions, normaliseAllowOrigin, withCors } from '../access/cors';
import { createHandlers, type HandlerOptions } from '../handlers';
import { createMockPlatform, type MockPlatform } from '../platform';
import { InvalidStateError, type StateSnapshot } from '../platform/state/format';
import type { SecretSealer } from '../platform/state/secrets';
import { ADMIN_PREFIX, type AdminTarget, adminResponse } from './admin';
import { servedHosts } from './hosts';
import { type Journal, openJournal, readJournal } from './journal';
import { lockStateFile } from './lock';
import { BodyBudget, BodyTooLargeError, requestHead, ServerBusyError, send, toRequest } from './node-http';
import { createSecretSealer, secretKeyFor } from './secret-key';

/** Options of the mock server (`svc-mock serve`); every one may be left out. */
export interface MockServerOptions extends CorsOptions {
  /**
   * TCP port; `0` picks a free one.
   * @default 4010
   */
  port?: number;
  /**
   * Interface to listen on. A wildcard (`0.0.0.0`, `::`) also lets the admin API answer the
   * machine's own names and addresses as `Host`. Without it, the server listens on `127.0.0.1`: this machine only.
   * @default '127.0.0.1'
   */
  host?: string;
  /**
   * A journal file: the platform's state is restored from it at start (when it exists) and
   * every state-changing operation is appended to it, fsynced before the answer. Without it, the state lives in
   * memory only.
   * @default undefined
   */
  state?: string;
  /**
   * Load the demo fixtures into `demo_shop` (ignored when `state` restores a file).
   * @default true
   */
  fixtures?: boolean;
  /**
   * `'real'`, or a time (ISO string or epoch ms) to freeze the clock at. Ignored when `state` restores a file.
   * @default 'real'
   */
  clock?: 'real' | string | number;
  /**
   * Request body bytes all requests together may hold at once; a body that would go past it is
   * answered 503 with `Retry-After: 1` (each body is also capped at 8 MiB: 413). Without it, `MAX_BYTES_IN_FLIGHT`
   * applies: 32 MiB.
   * @default 33554432
   */
  maxBytesInFlight?: number;
}

/** A running mock server: its URLs, its platform, and how to stop it. */
export interface MockServer {
  /** The origin every interface is served on, for example `http://127.0.0.1:4010`. */
  url: string;
  /** The base URLs to pass to `setEndpoints` (all `url`: PROTOCOL.md's paths are disjoint). */
  endpoints: Endpoints;
  /** The platform serving now (`/__svc/reset` and `PUT /__svc/snapshot` replace it). */
  platform(): MockPlatform;
  /** Request body bytes held now, of at most `maxBytesInFlight`: what a busy server is holding. */
  readonly bytesInFlight: number;
  /** Stops listening, closes the journal and releases the state file's lock. */
  close(): Promise<void>;
}

/** The port is taken by another process. */
export class PortInUseError extends Error {
  readonly code = 'PORT_IN_USE';
  constructor(readonly port: number) {
    super(`port ${port} is already in use`);
    this.name = 'PortInUseError';
  }
}

/** A platform from a journal's state; a problem found while replaying names the file. */
function restore(state: StateSnapshot, file: string, secretSealer?: SecretSealer): MockPlatform {
  try {
    return createMockPlatform({ state, secretSealer });
  } catch (error) {
    if (error instanceof InvalidStateError) throw new InvalidStateError(file, error.reason);
    throw error;
  }
}

const DEFAULTS = { port: 4010, host: '127.0.0.1', fixtures: true, clock: 'real' } as const;

/** How the URL names the host: a wildcard address is reached as `localhost`, IPv6 in brackets. */
const urlHost = (host: string) =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error),
    );
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** What answering a request needs: the server's URL, the admin target and access, the current handlers, the journal. */
interface Site {
  url: string;
  target: AdminTarget;
  hosts: ReadonlySet<string>;
  allowOrigin: '*' | readonly string[];
  budget: BodyBudget;
  handlers: () => HttpHandler[];
  journal: Journal | undefined;
}

const isAdmin = (incoming: IncomingMessage) => (incoming.url ?? '/').startsWith(ADMIN_PREFIX);

/**
 * Answers one request: the admin API under ADMIN_PREFIX (after its guard, before the body is
 * read), else the MSW handlers (CORS included); a failure as JSON 413, 503 or 500.
 */
async function answer(incoming: IncomingMessage, outgoing: ServerResponse, site: Site): Promise<void> {
  const admin = isAdmin(incoming);
  let head: Request | undefined;
  let release = () => {};
  try {
    head = requestHead(incoming, site.url);
    const refusal = admin ? adminRefusal(head, { hosts: site.hosts }) : undefined;
    if (refusal) return await send(outgoing, refusal, { close: true }); // the body is never read
    const read = await toRequest(incoming, site.url, site.budget);
    release = read.release;
    const response = admin
      ? await adminResponse(read.request, site.target)
      : ((await getResponse(site.handlers(), read.request)) ?? notFound());
    await site.journal?.flush(); // what this answer acknowledges (and anything it read) is on disk first
    await send(outgoing, response);
  } catch (error) {
    const response = failure(error);
    await send(outgoing, admin || !head ? response : withCors(response, head, site.allowOrigin), { close: true });
  } finally {
    release();
  }
}

const notFound = () =>
  Response.json({ status: 404, message: 'The requested URL was not found on the server.' }, { status: 404 });

/** A request that failed before or outside the handlers: 413 too large, 503 busy (Retry-After), else 500. */
function failure(error: unknown): Response {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BodyTooLargeError) return Response.json({ status: 413, message }, { status: 413 });
  if (error instanceof ServerBusyError)
    return Response.json(
      { status: 503, message },
      { status: 503, headers: { 'Retry-After': String(error.retryAfter) } },
    );
  return Response.json({ status: 500, message }, { status: 500 });
}

/**
 * The platform being served and its handlers; `reset` and `load` replace both (the journal then
 * rewritten from the new platform's snapshot). Each platform's operations go to the journal.
 */
function serving(
  first: MockPlatform,
  create: { fresh: () => MockPlatform; load: (state: StateSnapshot) => MockPlatform },
  options: HandlerOptions,
  journal?: Journal,
) {
  let current: { platform: MockPlatform; handlers: HttpHandler[]; stop: () => void } | undefined;
  const use = (platform: MockPlatform) => {
    current?.stop(); // the replaced platform's late work (a run finishing) no longer reaches the journal
    const stop = platform.onOperation((operation) => journal?.append(operation, platform.snapshot));
    current = { platform, handlers: createHandlers(platform, options), stop };
  };
  const replace = (platform: MockPlatform) => {
    journal?.rewrite(platform.snapshot());
    use(platform);
  };
  use(first);
  const target: AdminTarget = {
    platform: () => current!.platform,
    reset: () => replace(create.fresh()),
    load: (snapshot: StateSnapshot) => replace(create.load(snapshot)),
  };
  return { target, handlers: () => current!.handlers };
}

/** Stops listening, drops open connections, then runs `after` once the server is closed. */
const closeServer = (server: Server, after: () => void) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      after();
      resolve();
    });
  });

/**
 * Serves the mock platform over HTTP: every route of PROTOCOL.md on one origin, answered by the
 * same MSW handlers and platform the tests and the demo use (msw's `getResponse`), plus the admin
 * API under `/__svc/`. With `state`, a journal file keeps the state across restarts.
 * @example
 * ```ts
 * const server = await startMockServer({ port: 4010 });
 * setEndpoints(server.endpoints); // every client of this process now asks the mock
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port, host, fixtures, clock } = { ...DEFAULTS, ...options };
  const allowOrigin = normaliseAllowOrigin(options.allowOrigin);
  // With a journal, integration secrets are kept in it sealed with the operator's key (secret-key.ts).
  const secretSealer = options.state ? createSecretSealer(secretKeyFor(options.state)) : undefined;
  const fresh = () => createMockPlatform({ fixtures, secretSealer, ...(clock === 'real' ? {} : { now: clock }) });
  const release = options.state ? lockStateFile(options.state) : undefined;
  let journal: Journal | undefined;
  const server = createServer();
  try {
    const restored = options.state ? readJournal(options.state) : undefined;
    const first = restored ? restore(restored, options.state!, secretSealer) : fresh();
    if (options.state) journal = openJournal(options.state, first.snapshot());
    const actualPort = await listen(server, port, host);
    const url = `http://${urlHost(host)}:${actualPort}`;
    const endpoints: Endpoints = { recs: url, experiences: url, stash: url, events: url, integrations: url };

    const load = (state: StateSnapshot) => createMockPlatform({ state, secretSealer });
    const { target, handlers } = serving(first, { fresh, load }, { endpoints, allowOrigin }, journal);
    // Due work (deferkv deliveries, schedules, recurring runs) runs on time with no requests coming in.
    const ticker = setInterval(() => target.platform().clock.tick(), 1000);
    ticker.unref();

    const hosts = servedHosts(host, actualPort);
    const site: Site = {
      url,
      target,
      hosts,
      allowOrigin,
      budget: new BodyBudget(options.maxBytesInFlight),
      handlers,
      journal,
    };
    server.on('request', (incoming, outgoing) => answer(incoming, outgoing, site));

    const close = () => {
      clearInterval(ticker);
      return closeServer(server, () => {
        journal?.close();
        release?.();
      });
    };
    return {
      url,
      endpoints,
      platform: target.platform,
      get bytesInFlight() {
        return site.budget.held;
      },
      close,
    };
  } catch (error) {
    journal?.close();
    release?.();
    server.close();
    throw error;
  }
}

export * from '../platform/state/public';
export { StateLockedError } from './lock';
export { MAX_BODY_BYTES, MAX_BYTES_IN_FLIGHT } from './node-http';
export { SECRET_KEY_ENV, SecretKeyError } from './secret-key';
