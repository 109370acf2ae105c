#!/usr/bin/env node
import { readFile, stat } from 'node:fs/promises';
// Serves the demo: demo/ at /, the build output at /dist/. Static files only, localhost only.
// PORT (default 5173) and HOST (default 127.0.0.1) choose where; the URL is printed. Text files
// (scripts, styles, pages) are sent compressed when the browser accepts it: brotli, else gzip.
// `npm run demo` (scripts/demo.mjs) builds first when needed; this file alone serves what is built.
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
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
const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' https://*.svc.example; worker-src 'self'; object-src 'none'; base-uri 'none'";
// The storefront page also requires Trusted Types. Its only policy (`default`, demo/mock.ts)
// lets exactly one script URL through, the MSW worker's, and no HTML: any string given to an
// HTML sink (innerHTML, outerHTML, insertAdjacentHTML, document.write) throws, so product data
// can only ever reach the page as text.
const storefrontCsp = `${csp}; require-trusted-types-for 'script'; trusted-types default`;
const demoPage = join(root, 'demo', 'index.html');

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

// Product images are generated here, so no request leaves localhost: /images/<productId>.svg
// is a deterministic picture (colours from a hash of the id) with the id written on it.
const imagePath = /^\/images\/([A-Za-z0-9._~%-]{1,200})\.svg$/;
const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** FNV-1a: a stable hash of the id, for its colours and shape. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function productImage(productId) {
  const h = hash(productId);
  const hue = h % 360;
  const accent = (hue + 40 + ((h >>> 9) % 100)) % 360;
  const shape =
    (h >>> 16) % 3 === 0
      ? `<circle cx="100" cy="92" r="${40 + ((h >>> 4) % 20)}" fill="hsl(${accent} 70% 60%)"/>`
      : (h >>> 16) % 3 === 1
        ? `<rect x="55" y="45" width="90" height="90" rx="${(h >>> 3) % 30}" fill="hsl(${accent} 70% 60%)"/>`
        : `<path d="M100 40 L155 140 L45 140 Z" fill="hsl(${accent} 70% 60%)"/>`;
  const label = escapeXml(productId.length > 18 ? `${productId.slice(0, 17)}…` : productId);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue} 45% 88%)"/>${shape}<text x="100" y="180" font-family="sans-serif" font-size="16" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${label}</text></svg>`;
}

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg']);
const encoders = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};
/** Compressed files by path, encoding, size and modification time (a rebuilt file is compressed again). */
const compressedCache = new Map();

/** The encoding to send: brotli when accepted, else gzip, else none (`q=0` refuses one). */
function chooseEncoding(acceptEncoding = '') {
  const accepted = new Map(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([name]) => name)
      .map(([name, ...params]) => [name.trim().toLowerCase(), Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1)]),
  );
  const allows = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : undefined;
}

/** Sends a static file: compressed when its type allows and the client accepts it. */
async function sendFile(req, res, file, headers) {
  const info = await stat(file);
  const encoding = compressible.has(extname(file)) ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) {
    res.writeHead(200, { ...headers, Vary: 'Accept-Encoding' });
    res.end(await readFile(file));
    return;
  }
  const key = `${file}\0${encoding}`;
  let cached = compressedCache.get(key);
  if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
    cached = { mtimeMs: info.mtimeMs, size: info.size, body: await encoders[encoding](await readFile(file)) };
    compressedCache.set(key, cached);
  }
  res.writeHead(200, { ...headers, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' });
  res.end(cached.body);
}

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const image = imagePath.exec(pathname);
  if (image) {
    let id;
    try {
      id = decodeURIComponent(image[1]);
    } catch {
      id = image[1];
    }
    res.writeHead(200, {
      'Content-Type': types['.svg'],
      'Content-Security-Policy': csp,
      'Cache-Control': 'public, max-age=3600',
    });
    res.end(productImage(id));
    return;
  }
  let file;
  try {
    file = fileFor(pathname);
  } catch {
    // A malformed percent-escape (decodeURIComponent's URIError) would otherwise crash the server.
    res.writeHead(400, { 'Content-Type': 'text/plain' });
    res.end('bad request');
    return;
  }
  try {
    if (file && (await stat(file)).isDirectory()) file = join(file, 'index.html');
    if (!file) throw new Error('outside');
    await sendFile(req, res, file, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': file === demoPage ? storefrontCsp : csp,
      'Cache-Control': 'no-store',
    });
  } catch {
    // Pages of the storefront are one HTML file; unknown paths that are not a static file type get it
    // (so a product id with a dot in it still opens the product page).
    if (!types[extname(pathname)]) {
      await sendFile(req, res, demoPage, {
        'Content-Type': types['.html'],
        'Content-Security-Policy': storefrontCsp,
        'Cache-Control': 'no-store',
      });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  }
});

/** The address people open. */
export const urlOf = (host, port) => `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`;

/**
 * Listens on `port` and `host`. A port that is taken (or not allowed) rejects with a one-line
 * message saying what to do, not a stack trace.
 */
export function listen(port, host) {
  return new Promise((resolvePromise, reject) => {
    const onError = (error) => {
      const hint = `set PORT to another port, e.g. PORT=${port + 1} npm run demo`;
      const message =
        error.code === 'EADDRINUSE'
          ? `port ${port} on ${host} is already in use (another demo still running?): stop it, or ${hint}`
          : error.code === 'EACCES'
            ? `port ${port} on ${host} is not allowed for this user: ${hint}`
            : `cannot listen on ${host}:${port}: ${error.message}`;
      reject(Object.assign(new Error(message), { code: error.code }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolvePromise(server);
    });
  });
}

/** PORT and HOST from the environment, checked. */
export function address(env = process.env) {
  const port = Number(env.PORT ?? 5173);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (0 to 65535), not "${env.PORT}"`);
  return { port, host: env.HOST ?? '127.0.0.1' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const { port, host } = address();
    await listen(port, host);
    console.log(`svc demo: ${urlOf(host, port)}`);
  } catch (error) {
    console.error(`svc demo: ${error.message}`);
    process.exit(1);
  }
}
