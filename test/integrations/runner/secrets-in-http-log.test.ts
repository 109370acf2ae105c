import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runIntegration } from '../../../src/integrations/runner';
import { type LocalServer, startLocalServer } from './local-server';

// Acceptance audit of issue 9: "replaces every secret value in every log line" holds for the
// HTTP lines too: a secret in a request's URL (fetch and node:http) and in why a request failed
// is redacted in the log and in report.requests, while the request itself goes out with it.
let server: LocalServer;
let dir: string;
beforeEach(async () => {
  server = await startLocalServer();
  dir = mkdtempSync(join(tmpdir(), 'svc-runner-audit-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('secrets in HTTP log lines', () => {
  it('are replaced in the url of every request and in the error of a failed one', async () => {
    writeFileSync(
      join(dir, 'integration.js'),
      `const http = require('node:http');
module.exports = async ({ payload, secrets }) => {
  await fetch(payload.baseUrl + '/lookup?token=' + secrets.TOKEN);
  await new Promise((resolve, reject) => http.get(payload.baseUrl + '/v1/' + secrets.TOKEN + '/ping', (r) => r.resume().on('end', resolve)).on('error', reject));
  const failed = await fetch('http://bad host/' + secrets.TOKEN).then(() => 'no', () => 'failed');
  return failed;
};`,
    );
    const token = 'tk_7Qz9x2';
    const report = await runIntegration({ dir, payload: { baseUrl: server.baseUrl }, secrets: { TOKEN: token } });

    expect(report.outcome).toBe('ok');
    expect(server.received).toEqual([`GET /lookup?token=${token}`, `GET /v1/${token}/ping`]);
    expect(report.requests.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: `${server.baseUrl}/lookup?token=[secret]`, status: 404 },
      { method: 'GET', url: `${server.baseUrl}/v1/[secret]/ping`, status: 404 },
      { method: 'GET', url: 'http://bad host/[secret]', status: undefined },
    ]);
    expect(report.requests[2].error).toMatch(/^Failed to parse URL from http:\/\/bad host\/\[secret\]/);
    const http = report.logs
      .filter((line) => line.kind === 'http')
      .map((line) => line.text.replace(/\(\d+ ms\)$/, '(N ms)'));
    expect(http[0]).toBe(`GET ${server.baseUrl}/lookup?token=[secret] -> 404 (N ms)`);
    expect(http[1]).toBe(`GET ${server.baseUrl}/v1/[secret]/ping -> 404 (N ms)`);
    expect(http[2]).toMatch(
      /^GET http:\/\/bad host\/\[secret\] -> failed: Failed to parse URL from http:\/\/bad host\/\[secret\]/,
    );
    expect(JSON.stringify(report.logs)).not.toContain(token);
    expect(JSON.stringify(report.requests)).not.toContain(token);
  });
});
