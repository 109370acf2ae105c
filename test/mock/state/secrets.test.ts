// @vitest-environment node
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMockPlatform } from '../../../src/mock';
import { fingerprint } from '../../../src/mock/platform/state/secrets';
import { SECRET_KEY_ENV, SecretKeyError, startMockServer } from '../../../src/mock/server';

// Issue 33, point 1: a secret's value is never at rest in clear. Snapshots, the journal and admin
// answers carry its name and fingerprint; with --state the value is sealed with the operator's key.
const VALUE = 'sk_live_4f9a1c77e2';
const dir = mkdtempSync(join(tmpdir(), 'svc-mock-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const setSecret = (url: string) =>
  fetch(`${url}/__svc/admin/integrations/setSecrets`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(['demo_shop', 'welcome-email', { MAIL_API_KEY: VALUE }]),
  });

describe('secrets in the state', () => {
  it('the fingerprint is the SHA-256 of the value (checked against node:crypto)', () => {
    for (const value of ['', VALUE, 'x'.repeat(64), 'é'.repeat(300)])
      expect(fingerprint(value)).toBe(`sha256:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`);
  });

  it('in memory: the snapshot holds name and fingerprint only; restoring it says the value is missing', () => {
    const platform = createMockPlatform({ fixtures: true, now: '2026-11-21T12:00:00Z' });
    platform.admin.integrations.setSecrets('demo_shop', 'welcome-email', { MAIL_API_KEY: VALUE });
    const text = JSON.stringify(platform.snapshot());
    expect(text).not.toContain(VALUE);
    const operation = platform.snapshot().operations.find((o) => o.op === 'admin.integrations.setSecrets');
    expect(operation?.args).toEqual([
      'demo_shop',
      'welcome-email',
      { MAIL_API_KEY: { fingerprint: fingerprint(VALUE) } },
    ]);
    const again = createMockPlatform({ state: platform.snapshot() });
    expect(again.restored.failed).toEqual([
      expect.objectContaining({
        op: 'admin.integrations.setSecrets',
        message: expect.stringMatching(/in memory only/),
      }),
    ]);
  });

  it('--state: journal and snapshot answer never hold the value; the key file is 0600; a restart restores it', async () => {
    const state = join(dir, 'one.jsonl');
    let server = await startMockServer({ port: 0, state, clock: '2026-11-21T12:00:00Z' });
    expect((await setSecret(server.url)).status).toBe(200);
    const snapshot = await (await fetch(`${server.url}/__svc/snapshot`)).text();
    expect(snapshot).not.toContain(VALUE);
    expect(snapshot).toContain(fingerprint(VALUE));
    await server.close();
    expect(readFileSync(state, 'utf8')).not.toContain(VALUE);
    expect(statSync(`${state}.key`).mode & 0o777).toBe(0o600);

    server = await startMockServer({ port: 0, state });
    expect(server.platform().restored.failed).toEqual([]);
    expect(server.platform().admin.integrations.get('demo_shop', 'welcome-email')?.secretNames).toContain(
      'MAIL_API_KEY',
    );
    await server.close();
  });

  it('--state with SVC_MOCK_SECRET_KEY: another key cannot open the sealed value', async () => {
    const state = join(dir, 'two.jsonl');
    vi.stubEnv(SECRET_KEY_ENV, 'operator key one');
    let server = await startMockServer({ port: 0, state });
    await setSecret(server.url);
    await server.close();
    vi.stubEnv(SECRET_KEY_ENV, 'operator key two');
    server = await startMockServer({ port: 0, state });
    expect(server.platform().restored.failed).toEqual([
      expect.objectContaining({ op: 'admin.integrations.setSecrets', message: expect.stringMatching(/another key/) }),
    ]);
    await server.close();
  });

  it('a key file others may read is refused, naming it', async () => {
    const state = join(dir, 'three.jsonl');
    const server = await startMockServer({ port: 0, state });
    await server.close();
    chmodSync(`${state}.key`, 0o644);
    await expect(startMockServer({ port: 0, state })).rejects.toThrow(SecretKeyError);
    await expect(startMockServer({ port: 0, state })).rejects.toThrow(/three\.jsonl\.key: others may read it/);
  });
});
