// The mock platform over real HTTPS, for the tests of what a page sends as it goes. A request a
// page starts while it unloads (a click's event ahead of the navigation, page exit's keepalive
// requests) outlives the page in the browser, where Playwright's routes may no longer see it: a
// route-based platform then misses it now and then although it was sent. Here the platform
// listens in Node on HTTPS (a self-signed certificate) and a Chromium of its own reaches it by
// mapping every *.svc.example host to it. The same server answers https://elsewhere.example/ with
// a page of another origin that loads no svc script.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { getResponse } from 'msw';
import { createHandlers, createMockPlatform, type MockPlatform } from '../../src/mock';
import { chromiumArgs, chromiumPath } from './browser';

/** A page of another origin with no svc script. */
export const ELSEWHERE = 'https://elsewhere.example/';

/** One POST the platform received: its body's size as sent, the ids of the events it carried, its answer's status, and when that answer was written. */
export interface Received {
  bytes: number;
  ids: string[];
  status?: number;
  /** `Date.now()` once the answer was handed to the connection; unset while it is not (or never was). */
  answeredAt?: number;
}

export interface HttpsPlatform {
  platform: MockPlatform;
  /** Each POST the platform received, in order. */
  received: Received[];
  /** A Chromium whose *.svc.example requests reach `platform`. */
  browser: Browser;
  close(): Promise<void>;
}

/** A self-signed certificate, in a temporary directory removed at once. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-tls-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const subject = ['-subj', '/CN=svc.example', '-days', '1', '-keyout', key, '-out', cert];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', ...subject], { stdio: 'ignore' });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The mock platform (its own MSW handlers: answers, CORS and all) on HTTPS, and a browser that
 * reaches it. `beforeAnswer` sees each request's URL first, with the platform (to set the answer a test wants).
 */
export async function platformOverHttps(
  beforeAnswer?: (url: URL, platform: MockPlatform) => void,
): Promise<HttpsPlatform> {
  const platform = createMockPlatform();
  const handlers = createHandlers(platform);
  const received: Received[] = [];
  const server = createServer(selfSigned(), async (req, res) => {
    if (req.headers.host?.startsWith('elsewhere.example')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<!doctype html><title>elsewhere</title><p>another site, no svc script</p>');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `https://${req.headers.host}`);
    const record: Received | undefined =
      req.method === 'POST' ? { bytes: body.length, ids: eventIds(url, body) } : undefined;
    if (record) {
      received.push(record);
      res.once('finish', () => {
        record.answeredAt = Date.now();
      });
    }
    beforeAnswer?.(url, platform);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(url, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? new Uint8Array(body) : undefined,
    });
    const response = await getResponse(handlers, request);
    if (!response) {
      res.writeHead(404);
      return res.end();
    }
    if (record) record.status = response.status;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      `--host-resolver-rules=MAP *.svc.example 127.0.0.1:${port}, MAP elsewhere.example 127.0.0.1:${port}`,
      '--ignore-certificate-errors',
    ],
  });
  const close = async () => {
    await browser.close();
    server.close();
  };
  return { platform, received, browser, close };
}

/** The event ids of a batch body (gzip when the URL says `encoding=gzip`); none when it is not a batch. */
export function eventIds(url: URL, body: Buffer): string[] {
  try {
    const text = (url.searchParams.get('encoding') === 'gzip' ? gunzipSync(body) : body).toString('utf8');
    return JSON.parse(text).events.map((event: { meta: { id: string } }) => event.meta.id);
  } catch {
    return [];
  }
}
