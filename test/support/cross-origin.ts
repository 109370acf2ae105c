// A test's own MSW handlers, answered to a happy-dom page on another origin: happy-dom checks CORS
// as a browser does (it preflights every cross-origin request and reads Access-Control-Allow-Origin),
// and msw 3 intercepts below its fetch, so a bare handler's answer is blocked. The mock platform's
// handlers answer CORS themselves (src/mock/access/cors.ts); these are for hand-written ones.
import { HttpResponse, http } from 'msw';

/** The header every answer to another origin needs. */
export const CORS_HEADERS = { 'access-control-allow-origin': '*' } as const;

/** Answers every preflight: any origin, GET and POST, the content-type header. */
export const preflights = http.options(
  /.*/,
  () =>
    new HttpResponse(null, {
      status: 204,
      headers: {
        ...CORS_HEADERS,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
      },
    }),
);
