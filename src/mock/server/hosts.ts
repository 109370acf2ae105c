import { hostname, networkInterfaces } from 'node:os';

/** Wildcard interfaces: listening on every address of the machine. */
const WILDCARDS = new Set(['0.0.0.0', '::']);

/** A name or address as it appears in a `Host` header: IPv6 in brackets, lower case. */
const asHost = (name: string) => (name.includes(':') ? `[${name}]` : name).toLowerCase();

/**
 * The `Host` values (with the port) the admin API answers to: the listening host, `localhost`,
 * `127.0.0.1` (and `[::1]`); on a wildcard interface also the machine's name and every address of
 * its interfaces, since other machines reach it by those.
 */
export function servedHosts(host: string, port: number): Set<string> {
  const names = new Set([host, 'localhost', '127.0.0.1', '::1']);
  if (WILDCARDS.has(host)) {
    names.add(hostname());
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? []) names.add(address.address.replace(/%.*$/, ''));
  }
  names.delete('0.0.0.0');
  names.delete('::');
  return new Set([...names].map((name) => `${asHost(name)}:${port}`));
}
