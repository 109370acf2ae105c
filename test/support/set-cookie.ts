/**
 * A `Set-Cookie` / `document.cookie` write as data: `name=value` and each attribute by its
 * lower-case name (`secure: true` for the flag). Attribute order and case carry no meaning, so
 * tests compare these instead of strings.
 */
export function cookieWrite(text: string): Record<string, string | true> {
  const [pair, ...attributes] = text.split(';').map((part) => part.trim());
  const parsed: Record<string, string | true> = { cookie: pair };
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    if (at === -1) parsed[attribute.toLowerCase()] = true;
    else parsed[attribute.slice(0, at).toLowerCase()] = attribute.slice(at + 1);
  }
  return parsed;
}

/** Removes every cookie of the page (happy-dom), host cookies and those of the page's domain. */
export function clearCookies(): void {
  for (const c of document.cookie.split('; ')) {
    for (const domain of ['', `; Domain=${location.hostname}`])
      document.cookie = `${c.split('=')[0]}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${domain}`;
  }
}
