#!/usr/bin/env node
// Serves the demo: demo/ at /, the build output at /dist/. Static files only, localhost only.
// PORT (default 5173) and HOST (default 127.0.0.1) choose where; the URL is printed.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
// The demo must work under a strict CSP: no inline script, nothing from other origins.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' https://*.svc.example; worker-src 'self'; object-src 'none'; base-uri 'none'";

/** Maps a URL path to a file under demo/ or dist/, refusing anything that escapes them. */
function fileFor(pathname) {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  // /dist/ -> the build, /test-pages/ -> pages the browser tests use, anything else -> demo/.
  const [base, rest] = path.startsWith('/dist/')
    ? [join(root, 'dist'), path.slice(6)]
    : path.startsWith('/test-pages/')
      ? [join(root, 'test', 'e2e', 'pages'), path.slice(12)]
      : [join(root, 'demo'), path.slice(1)];
  const file = resolve(base, rest || 'index.html');
  return file.startsWith(base) ? file : undefined;
}

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  let file = fileFor(pathname);
  try {
    if (file && (await stat(file)).isDirectory()) file = join(file, 'index.html');
    if (!file) throw new Error('outside');
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
    });
    res.end(body);
  } catch {
    // Pages of the storefront are one HTML file; unknown paths without an extension get it.
    if (!extname(pathname)) {
      const body = await readFile(join(root, 'demo', 'index.html'));
      res.writeHead(200, { 'Content-Type': types['.html'], 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' });
      res.end(body);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  }
});

server.listen(port, host, () => {
  console.log(`svc demo: http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`);
});
