import { type ChildProcess, spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CDP from 'chrome-remote-interface';

// A Chromium that no DevTools client instruments, as in a shopper's browser: the bench's one CDP
// session on a page enables only what its measure needs (Page for the load event and an init
// script, Performance, Emulation's CPU throttling), where Playwright enables the Runtime, Network
// and Log domains on every page it drives. Why the load bench measures each page in both browsers
// (what Runtime costs a page): docs/performance.md.

/** One CDP session: commands, and the next event of a kind. */
export interface Session {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  once<T = unknown>(event: string): Promise<T>;
}

/** A fresh browser context (empty cache, cookies and storage) with one blank page, and our session on it. */
export interface PlainPage {
  session: Session;
  close(): Promise<void>;
}

export interface PlainChromium {
  newPage(): Promise<PlainPage>;
  close(): Promise<void>;
}

/** How long Chromium may take to print its DevTools endpoint. */
const LAUNCH_TIMEOUT_MS = 20_000;

/** The browser's DevTools WebSocket URL, as Chromium prints it on stderr at start. */
function endpointOf(browser: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium printed no DevTools endpoint: ${printed}`)),
      LAUNCH_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(printed);
      if (!found) return;
      clearTimeout(timer);
      // What Chromium prints later is drained unread, so that a full pipe never blocks it.
      browser.stderr?.off('data', read).resume();
      resolve(found[1]);
    };
    browser.stderr?.on('data', read);
    browser.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code} before it listened: ${printed}`));
    });
  });
}

/** Launches `executablePath` with `args`, a profile of its own and a 1280x720 window, Playwright's default viewport. */
export async function launchPlainChromium(executablePath: string, args: readonly string[]): Promise<PlainChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'svc-bench-chromium-'));
  const browser = spawn(
    executablePath,
    [...args, '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--window-size=1280,720', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const client = await CDP({ target: await endpointOf(browser) });
  // The client is an EventEmitter (chrome-remote-interface's lib/chrome.js); its types declare only on().
  const events = client as unknown as EventEmitter;
  return {
    async newPage() {
      const { browserContextId } = await client.send('Target.createBrowserContext', { disposeOnDetach: true });
      const { targetId } = await client.send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await client.send('Target.attachToTarget', { targetId, flatten: true });
      const session: Session = {
        send: (method, params = {}) => client.send(method as never, params as never, sessionId) as Promise<never>,
        once: (event) => new Promise((resolve) => events.once(`${event}.${sessionId}`, resolve)),
      };
      return { session, close: () => client.send('Target.disposeBrowserContext', { browserContextId }).then(() => {}) };
    },
    async close() {
      await client.close();
      if (browser.exitCode === null && browser.signalCode === null) {
        const exited = new Promise((resolve) => browser.once('exit', resolve));
        browser.kill();
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
