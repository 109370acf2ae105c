// Who may use the mock's admin API (`/__svc/`): PROTOCOL.md's last paragraph. No web page may reach
// it: it answers no CORS, refuses another origin, takes state changes only as JSON (which a page
// cannot send cross-origin without a preflight, and preflights are refused) and serves only its
// own host names (a DNS-rebinding page names another). Framework-free: no MSW or node import.

/** The methods that only read. Every other method changes state and needs a JSON body type. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** What the guard checks a request against. */
export interface AdminAccess {
  /**
   * The `Host` values (lower case, with the port) the server answers to: its listening host,
   * `localhost` and `127.0.0.1`, and with a wildcard interface the machine's own names.
   */
  hosts: ReadonlySet<string>;
}

const refuse = (status: number, message: string) =>
  new Response(JSON.stringify({ status, message }), { status, headers: { 'Content-Type': 'application/json' } });

/** `application/json`, with or without parameters (`; charset=utf-8`). */
const isJsonType = (contentType: string | null) =>
  contentType !== null && contentType.split(';')[0].trim().toLowerCase() === 'application/json';

/**
 * The refusal of an admin request that may not pass, before anything is read or changed;
 * `undefined` lets it through. In order: a `Host` the server does not serve (421), a CORS
 * preflight (403), an `Origin` not the server's own (403), a state change not sent as
 * `Content-Type: application/json` (415). No answer of the admin API carries CORS headers.
 */
export function adminRefusal(request: Request, access: AdminAccess): Response | undefined {
  const host = request.headers.get('host')?.toLowerCase() ?? '';
  if (!access.hosts.has(host))
    return refuse(421, `the admin API does not serve the host ${JSON.stringify(host)}; use ${[...access.hosts][0]}`);
  if (request.method === 'OPTIONS')
    return refuse(403, 'the admin API answers no CORS preflight: it is not for pages of other origins');
  const origin = request.headers.get('origin');
  if (origin !== null && !isOwnOrigin(origin, access))
    return refuse(403, `the admin API refuses requests from other origins (Origin ${JSON.stringify(origin)})`);
  if (!READ_METHODS.has(request.method) && !isJsonType(request.headers.get('content-type')))
    return refuse(415, `${request.method} to the admin API must be sent with Content-Type: application/json`);
  return undefined;
}

/** An `Origin` of a page the server itself served: `http://` and one of its hosts. */
function isOwnOrigin(origin: string, access: AdminAccess): boolean {
  const match = /^http:\/\/([^/]+)$/i.exec(origin);
  return match !== null && access.hosts.has(match[1].toLowerCase());
}
