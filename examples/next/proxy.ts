import { contextCookie, globalPrivacyControl } from '@svc/experiences';
import { type NextRequest, NextResponse } from 'next/server';

/** The property's cookie domains (the platform's `cookieDomains`): a host under none of them gets a host cookie. */
const COOKIE_DOMAINS = ['.shop.example'];
/** The ids the tracker and the platform make (`[a-z0-9-]`), and others of URL-safe characters: another is replaced. */
const VISITOR_ID = /^[\w.~-]{1,256}$/;

export function proxy(request: NextRequest) {
  const tracker = request.cookies.get('_svcTracker')?.value;
  // The older cookie, `<visitorId>:<rest>`, is read when `_svcTracker` is absent (PROTOCOL.md, "Visitor identity").
  const known = tracker ?? request.cookies.get('svc_permanent')?.value.split(':')[0];
  const visitorId = known && VISITOR_ID.test(known) ? known : crypto.randomUUID();
  // The page renders for this visitor: it reads the id with headers(), whatever the browser sent in this header.
  const headers = new Headers(request.headers);
  headers.set('x-svc-visitor', visitorId);
  const response = NextResponse.next({ request: { headers } });
  // On the first response, before any script runs: the page's events and the next request carry the id.
  // Not under Global Privacy Control (Sec-GPC: 1): nothing is stored for a visitor who opts out.
  if (visitorId !== tracker && !globalPrivacyControl(request.headers))
    response.headers.append('set-cookie', contextCookie(visitorId, COOKIE_DOMAINS, request.url));
  return response;
}

// Not for Next.js's own files and the icon: a page's request gets the cookie and the id.
export const config = { matcher: ['/((?!_next/|favicon.ico|icon.svg).*)'] };
