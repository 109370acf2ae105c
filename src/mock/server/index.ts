import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Endpoints } from '@svc/core';
import { getResponse } from 'msw';
import { createHandlers } from '../handlers';
import { createMockPlatform, type MockPlatform } from '../platform';
import { InvalidStateError, type StateSnapshot } from '../platform/state/format';
import { ADMIN_PREFIX, type AdminTarget, adminResponse } from './admin';
import { type Journal, openJournal, readJournal } from './journal';
import { lockStateFile } from './lock';
import { BodyTooLargeError, send, toRequest } from './node-http';

/** Options of the mock server (`svc-mock serve`); every one may be left out. */
export interface MockServerOptions {
  /** TCP port; `0` picks a free one. Default `4010`. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1` (this machine only). */
  host?: string;
  /**
   * A journal file: the platform's state is restored from it at start (when it exists) and
   * every state-changing operation is appended to it, fsynced before the answer. Default: none
   * (state lives in memory only).
   */
  state?: string;
  /** Load the demo fixtures into `demo_shop` (ignored when `state` restores a file). Default `true`. */
  fixtures?: boolean;
  /** `'real'`, or a time (ISO string or epoch ms) to freeze the clock at. Ignored when `state` restores a file. Default `'real'`. */
  clock?: 'real' | string | number;
}

/** A running mock server: its URLs, its platform, and how to stop it. */
export interface MockServer {
  /** The origin every interface is served on, for example `http://127.0.0.1:4010`. */
  url: string;
  /** The base URLs to pass to `setEndpoints` (all `url`: PROTOCOL.md's paths are disjoint). */
  endpoints: Endpoints;
  /** The platform serving now (`/__svc/reset` and `PUT /__svc/snapshot` replace it). */
  platform(): MockPlatform;
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
function restore(state: StateSnapshot, file: string): MockPlatform {
  try {
    return createMockPlatform({ state });
  } catch (error) {
    if (error instanceof InvalidStateError) throw new InvalidStateError(file, error.message.replace(/^state: /, ''));
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

/** What answering a request needs: the server's URL, the admin target, the current handlers, the journal. */
interface Site {
  url: string;
  target: AdminTarget;
  handlers: () => ReturnType<typeof createHandlers>;
  journal: Journal | undefined;
}

/** Answers one request: the admin API under ADMIN_PREFIX, else the MSW handlers, else 404; a failure as a JSON 413 or 500. */
async function answer(incoming: IncomingMessage, outgoing: ServerResponse, site: Site): Promise<void> {
  try {
    const request = await toRequest(incoming, site.url);
    const notFound = () =>
      Response.json({ status: 404, message: 'The requested URL was not found on the server.' }, { status: 404 });
    const response = new URL(request.url).pathname.startsWith(ADMIN_PREFIX)
      ? await adminResponse(request, site.target)
      : ((await getResponse(site.handlers(), request)) ?? notFound());
    await site.journal?.flush(); // what this answer acknowledges (and anything it read) is on disk first
    await send(outgoing, response);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    const status = tooLarge ? 413 : 500;
    let message = 'request body too large';
    if (!tooLarge) message = error instanceof Error ? error.message : String(error);
    if (!outgoing.headersSent) outgoing.writeHead(status, { 'Content-Type': 'application/json' });
    outgoing.end(JSON.stringify({ status, message }));
  }
}

/**
 * Serves the mock platform over HTTP: every route of PROTOCOL.md on one origin, answered by the
 * same MSW handlers and platform the tests and the demo use (msw's `getResponse`), plus the admin
 * API under `/__svc/`. With `state`, a journal file keeps the state across restarts.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port, host, fixtures, clock } = { ...DEFAULTS, ...options };
  const fresh = () => createMockPlatform({ fixtures, ...(clock === 'real' ? {} : { now: clock }) });
  const release = options.state ? lockStateFile(options.state) : undefined;
  let journal: Journal | undefined;
  let current: { platform: MockPlatform; handlers: ReturnType<typeof createHandlers>; stop: () => void } | undefined;
  const server = createServer();
  try {
    const restored = options.state ? readJournal(options.state) : undefined;
    const first = restored ? restore(restored, options.state!) : fresh();
    if (options.state) journal = openJournal(options.state, first.snapshot());
    const actualPort = await listen(server, port, host);
    const url = `http://${urlHost(host)}:${actualPort}`;
    const endpoints: Endpoints = { recs: url, experiences: url, stash: url, events: url, integrations: url };

    const use = (platform: MockPlatform) => {
      current?.stop(); // the replaced platform's late work (a run finishing) no longer reaches the journal
      const stop = platform.onOperation((operation) => journal?.append(operation, platform.snapshot));
      current = { platform, handlers: createHandlers(platform, { endpoints }), stop };
    };
    const replace = (platform: MockPlatform) => {
      journal?.rewrite(platform.snapshot());
      use(platform);
    };
    use(first);
    const target = {
      platform: () => current!.platform,
      reset: () => replace(fresh()),
      load: (snapshot: StateSnapshot) => replace(createMockPlatform({ state: snapshot })),
    };

    // Due work (deferkv deliveries, schedules, recurring runs) runs on time with no requests coming in.
    const ticker = setInterval(() => current!.platform.clock.tick(), 1000);
    ticker.unref();

    const site: Site = { url, target, handlers: () => current!.handlers, journal };
    server.on('request', (incoming, outgoing) => answer(incoming, outgoing, site));

    return {
      url,
      endpoints,
      platform: target.platform,
      close: () =>
        new Promise<void>((resolve) => {
          clearInterval(ticker);
          server.closeAllConnections();
          server.close(() => {
            journal?.close();
            release?.();
            resolve();
          });
        }),
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
