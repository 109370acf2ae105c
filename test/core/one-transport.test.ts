import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every request of the clients goes through core's ky transport, every browser cookie through
// core's js-cookie jar. The mock and the integration runner are not clients, nor is the platform
// route (@svc/proxy): a server's forwarder that passes the platform's bytes on as they are, with no
// retry and no redirect followed, where core's transport retries, follows and reads the envelope.
const src = new URL('../../src/', import.meta.url).pathname;
const notClients = ['core/', 'mock/', 'integrations/runner/', 'proxy/'];
const clientFiles = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !notClients.some((dir) => file.startsWith(dir)))
  .map((file) => ({ file, text: readFileSync(join(src, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '') }));

describe('one transport, one cookie jar', () => {
  it('finds the client sources', () => {
    expect(clientFiles.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['recommendations/index.ts', 'tracker/delivery.ts', 'stash/connection.ts']),
    );
  });
  it('no client source calls fetch or sendBeacon', () => {
    expect(clientFiles.filter(({ text }) => /\bfetch\s*\(|sendBeacon\s*\(/.test(text)).map(({ file }) => file)).toEqual(
      [],
    );
  });
  it('no client source touches document.cookie', () => {
    expect(clientFiles.filter(({ text }) => /document\s*\.\s*cookie/.test(text)).map(({ file }) => file)).toEqual([]);
  });
  it('no client source imports core by a relative path (only @svc/core, so bundlers load one copy)', () => {
    expect(clientFiles.filter(({ text }) => /from '(\.\.\/)+core/.test(text)).map(({ file }) => file)).toEqual([]);
  });
});
