import { isObject } from '@svc/core';
import { AdminInputError, CLOCK_SHAPES, FAULT_SHAPE, readAdminInput, type Shape } from '../access/admin-input';
import type { MockPlatform } from '../platform';
import { type Fault, type Route, routes } from '../platform/faults';
import type { StateSnapshot } from '../platform/state/format';

/** The admin API's prefix: no route of PROTOCOL.md starts with it. */
export const ADMIN_PREFIX = '/__svc/';

/** What the admin API drives: the current platform, and replacing it. */
export interface AdminTarget {
  platform(): MockPlatform;
  /** A new platform with the server's options (empty state, fixtures as started). */
  reset(): void;
  /** A platform restored from a snapshot. Throws InvalidStateError for a bad one. */
  load(snapshot: StateSnapshot): void;
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body ?? null), { status, headers: { 'Content-Type': 'application/json' } });
const problem = (status: number, message: string) => answer({ status, message }, status);

/** Every admin body is read through the one check of access/admin-input.ts, before anything is applied. */
const body = async (request: Request, shape?: Shape | 'array'): Promise<unknown> =>
  readAdminInput(await request.text(), shape);

/**
 * `group[area][method]`, own properties only (never `__proto__` or `constructor`), or a top-level function of `group`.
 */
function method(
  group: Record<string, unknown>,
  area: string,
  name: string | undefined,
): ((...args: unknown[]) => unknown) | undefined {
  if (!Object.hasOwn(group, area)) return undefined;
  const value = group[area];
  if (name === undefined) return typeof value === 'function' ? (value as (...args: unknown[]) => unknown) : undefined;
  if (!isObject(value) || !Object.hasOwn(value, name) || typeof value[name] !== 'function') return undefined;
  return (value[name] as (...args: unknown[]) => unknown).bind(value);
}

const clockView = (platform: MockPlatform) => ({
  now: platform.clock.now(),
  iso: new Date(platform.clock.now()).toISOString(),
  frozen: platform.clock.frozen,
});

/**
 * The admin API: everything `platform.clock`, `faults`, `admin` and `inspect` offer, over HTTP.
 *
 * | request | does |
 * |---|---|
 * | `GET /__svc/clock` | `{now, iso, frozen}` |
 * | `POST /__svc/clock/advance` `{"ms"}` / `POST /__svc/clock/set` `{"time"}` | moves the clock |
 * | `GET /__svc/faults`, `PUT /__svc/faults/{route or *}` `<Fault>`, `DELETE /__svc/faults[/{route}]` | faults |
 * | `GET /__svc/inspect/{area}/{method}[/{arg}...]`, `POST` the same with a JSON array of arguments |
 * `platform.inspect` |
 * | `POST /__svc/admin/{area}/{method}` with a JSON array of arguments | `platform.admin` |
 * | `POST /__svc/reset`, `GET /__svc/snapshot`, `PUT /__svc/snapshot` | state |
 *
 * A call that throws answers 400 `{status, message}` with its message; an unknown path 404.
 */
export async function adminResponse(request: Request, target: AdminTarget): Promise<Response> {
  const url = new URL(request.url);
  try {
    const [section, ...rest] = url.pathname
      .slice(ADMIN_PREFIX.length)
      .split('/')
      .map((part) => decodeURIComponent(part));
    const call: AdminCall = { request, verb: request.method, rest, target, platform: target.platform() };
    const answered = await SECTIONS.get(section)?.(call);
    return answered ?? problem(404, `no admin route ${call.verb} ${url.pathname}`);
  } catch (error) {
    if (error instanceof AdminInputError)
      return answer({ status: 400, message: error.message, field: error.field }, 400);
    return problem(400, error instanceof Error ? error.message : String(error));
  }
}

/** One admin request: its verb, the path after its section, and the platform it acts on. */
interface AdminCall {
  request: Request;
  verb: string;
  /** The path's segments after the section, decoded. */
  rest: string[];
  target: AdminTarget;
  platform: ReturnType<AdminTarget['platform']>;
}

/** `GET /__svc/clock`, `POST /__svc/clock/advance {"ms"}`, `POST /__svc/clock/set {"time"}`. */
async function clockRoute({ request, verb, rest, platform }: AdminCall): Promise<Response | undefined> {
  if (rest.length === 0 && verb === 'GET') return answer(clockView(platform));
  if (rest.length !== 1 || verb !== 'POST' || (rest[0] !== 'advance' && rest[0] !== 'set')) return undefined;
  const input = (await body(request, CLOCK_SHAPES[rest[0]])) as { ms?: number; time?: number | string } | undefined;
  if (rest[0] === 'advance' && input?.ms !== undefined) platform.clock.advance(input.ms);
  else if (rest[0] === 'set' && input?.time !== undefined) platform.clock.set(input.time);
  else
    return problem(
      400,
      'expected POST /__svc/clock/advance {"ms": <ms>} or POST /__svc/clock/set {"time": <ISO or ms>}',
    );
  return answer(clockView(platform));
}

/** `GET /__svc/faults`, `PUT /__svc/faults/{route or *}` `<Fault>`, `DELETE /__svc/faults[/{route}]`. */
async function faultsRoute({ request, verb, rest, platform }: AdminCall): Promise<Response | undefined> {
  const route = rest[0] as Route | '*' | undefined;
  if (route !== undefined && route !== '*' && !routes.includes(route))
    return problem(404, `no route ${JSON.stringify(route)}: one of ${routes.join(', ')} or *`);
  if (verb === 'GET' && rest.length === 0) return answer(platform.faults.list());
  if ((verb === 'PUT' || verb === 'POST') && route !== undefined) {
    const fault = await body(request, FAULT_SHAPE);
    if (fault === undefined)
      return problem(400, 'the body must be a fault object, for example {"status": 503, "times": 1}');
    platform.faults.set(route, fault as Fault);
    return answer(platform.faults.list());
  }
  if (verb === 'DELETE') {
    platform.faults.clear(route);
    return answer(platform.faults.list());
  }
}

/**
 * `GET|POST /__svc/inspect/{area}/{method}[/{arg}...]` and `POST /__svc/admin/{area}/{method}`: a method called with
 * the arguments.
 */
async function methodRoute(section: 'inspect' | 'admin', call: AdminCall): Promise<Response> {
  const { request, verb, rest, platform } = call;
  const [area, name, ...pathArgs] = rest;
  const group = (section === 'inspect' ? platform.inspect : platform.admin) as unknown as Record<string, unknown>;
  const fn = area === undefined ? undefined : method(group, area, name);
  if (!fn) return problem(404, `no ${section} method ${rest.slice(0, 2).join('.')}`);
  let args: unknown[] = pathArgs;
  if (verb === 'POST') {
    const input = (await body(request, 'array')) as unknown[] | undefined;
    args = [...pathArgs, ...(input ?? [])];
  } else if (verb !== 'GET' || section === 'admin') {
    return problem(405, `${section} calls are ${section === 'admin' ? 'POST' : 'GET or POST'}`);
  }
  return answer(await fn(...args));
}

/** `POST /__svc/reset`. */
async function resetRoute({ verb, rest, target }: AdminCall): Promise<Response | undefined> {
  if (rest.length !== 0 || verb !== 'POST') return undefined;
  target.reset();
  return answer({ status: 200 });
}

/** `GET /__svc/snapshot`, `PUT /__svc/snapshot`. */
async function snapshotRoute({ request, verb, rest, target, platform }: AdminCall): Promise<Response | undefined> {
  if (rest.length !== 0) return undefined;
  if (verb === 'GET') return answer(platform.snapshot());
  if (verb !== 'PUT') return undefined;
  target.load((await body(request)) as StateSnapshot);
  return answer({ status: 200, operations: target.platform().restored.operations });
}

/** The admin API's sections (the path's first segment after `/__svc/`); anything else is a 404. */
const SECTIONS = new Map<string, (call: AdminCall) => Promise<Response | undefined>>([
  ['clock', clockRoute],
  ['faults', faultsRoute],
  ['inspect', (call) => methodRoute('inspect', call)],
  ['admin', (call) => methodRoute('admin', call)],
  ['reset', resetRoute],
  ['snapshot', snapshotRoute],
]);
