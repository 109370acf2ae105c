// Global Privacy Control on the server: the browser sends `Sec-GPC: 1` on every request when the
// visitor has it on, the same opt-out a page reads as `navigator.globalPrivacyControl`. The server
// helpers read it from the shop's request.

/** A request's headers as a shop's server has them: the web's `Headers`, or Node's `IncomingHttpHeaders`. */
export type RequestHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Whether `headers` carry Global Privacy Control: `Sec-GPC: 1` (the header's name in any case). */
export function globalPrivacyControl(headers: RequestHeaders | undefined): boolean {
  if (headers === undefined || headers === null) return false;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get('sec-gpc')?.trim() === '1';
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'sec-gpc')?.[1];
  const value = Array.isArray(entry) ? entry[0] : entry;
  return typeof value === 'string' && value.trim() === '1';
}
