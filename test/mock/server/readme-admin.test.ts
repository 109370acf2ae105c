// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server';
import { curlExamples } from './readme';

const run = promisify(execFile);

// The admin API's curl examples of the README, run in order against a started server (the origin
// swapped for its free port): each must answer 2xx, and what they did is checked on the platform.
let server: MockServer;
let cwd: string;
beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'svc-mock-readme-'));
  server = await startMockServer({ port: 0, clock: '2026-11-21T12:00:00Z' });
});
afterAll(async () => {
  await server.close();
  rmSync(cwd, { recursive: true, force: true });
});

describe('README admin API examples', () => {
  const examples = curlExamples();

  it('covers clock, faults, inspect, admin, reset and snapshot', () => {
    for (const path of [
      '/__svc/clock',
      '/__svc/faults',
      '/__svc/inspect/',
      '/__svc/admin/',
      '/__svc/reset',
      '/__svc/snapshot',
    ]) {
      expect(
        examples.some((line) => line.includes(path)),
        path,
      ).toBe(true);
    }
  });

  it('each answers 2xx with JSON, and does what it says', async () => {
    const origin = server.url.replace(/^http:\/\//, '');
    const outputs: string[] = [];
    for (const example of examples) {
      const command = example.replace(/localhost:4010/g, origin).replace(/^curl /, 'curl --fail-with-body ');
      const { stdout } = await run('sh', ['-c', command], { cwd }).catch(
        (error: { stdout?: string; message: string }) => {
          throw new Error(`${example}\n-> ${error.stdout ?? ''} ${error.message}`);
        },
      );
      if (!command.includes('>')) expect(() => JSON.parse(stdout), example).not.toThrow();
      outputs.push(stdout);
      const platform = server.platform();
      // What the examples did, checked on the platform as they run.
      if (example.includes('clock/advance')) expect(platform.clock.now()).toBe(Date.parse('2026-11-21T13:00:00Z'));
      if (example.includes('clock/set'))
        expect(new Date(platform.clock.now()).toISOString()).toBe('2027-01-04T09:00:00.000Z');
      if (example.includes('PUT') && example.includes('faults/stash'))
        expect(platform.faults.list().stash).toEqual({ bodyStatus: 500, times: 2 });
      if (example.includes('DELETE') && example.includes('faults')) expect(platform.faults.list()).toEqual({});
      if (example.includes('admin/createProperty'))
        expect(platform.properties.get('shop')?.settings.cookieDomains).toEqual(['.shop.example']);
      if (example.includes('createCredential')) expect(JSON.parse(stdout)).toMatch(/^svc_sk_/);
      if (example.includes('experiences/create'))
        expect(platform.admin.experiences.list('shop').map((e) => e.name)).toEqual(['Banner']);
      if (example.includes('setSecrets'))
        expect(platform.admin.integrations.get('demo_shop', 'welcome-email')?.secretNames).toContain('API_KEY');
      if (example.includes('recommend/catalog')) expect(JSON.parse(stdout).products).toBeGreaterThan(0);
      if (example.includes('PUT') && example.includes('snapshot'))
        expect(platform.admin.experiences.list('shop').map((e) => e.name)).toEqual(['Banner']);
      if (example.includes('reset')) expect(platform.properties.has('shop')).toBe(false);
    }
    expect(outputs).toHaveLength(examples.length);
  });

  it('answers 404 naming an unknown admin method, 400 with the platform message for a bad call', async () => {
    const headers = { 'Content-Type': 'application/json' };
    const unknown = await fetch(`${server.url}/__svc/admin/stash/__proto__`, { method: 'POST', headers, body: '[]' });
    expect(unknown.status).toBe(404);
    const negative = await fetch(`${server.url}/__svc/clock/advance`, { method: 'POST', headers, body: '{"ms": -1}' });
    expect(negative.status).toBe(400);
    expect((await negative.json()).message).toMatch(/ms must be a number from 0 to /);
    const route = await fetch(`${server.url}/__svc/faults/nowhere`, { method: 'PUT', headers, body: '{}' });
    expect(route.status).toBe(404);
  });
});
