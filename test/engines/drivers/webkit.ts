// WebKitGTK's MiniBrowser through WebKitWebDriver, the WebDriver server of webkit2gtk-driver,
// spoken to by `webdriver` (webdriverio's protocol client; docs/testing.md says why that one).
// The driver runs under xvfb-run: MiniBrowser needs a display, and gets a virtual one of its own.
//
// A session is one browser profile, and starting one costs seconds: the engine keeps one session
// and its first window, a page's tab() opens another window of it, and a page's close() closes
// those and forgets what the profile held (cookies and storage of every origin it opened).
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import WebDriver from 'webdriver';
import { webkitDriverPath, webkitPath, xvfbRunPath } from '../../../scripts/browsers.mjs';
import { DEFAULT_SIZE, type Engine, type EnginePage, type Key } from './types';

type Client = Awaited<ReturnType<typeof WebDriver.newSession>>;
/** Each key a test presses, as WebDriver's Send Keys names it. */
const KEYS: Record<Key, string> = { Enter: '\uE007', ArrowRight: '\uE014', ArrowLeft: '\uE012' };
/** The key WebDriver names an element reference by. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A TCP port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the driver answers `GET /status`. */
async function driverReady(port: number, driver: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer within 20 s');
}

/** The driver and its display in a process group of their own, ended together. */
function stopGroup(driver: ChildProcess) {
  try {
    if (driver.pid !== undefined) process.kill(-driver.pid, 'SIGTERM');
  } catch {}
}

/** Runs `source`, a function's text, with `arg` in the page; resolves with its awaited result. */
async function run<R>(client: Client, source: string, arg: unknown): Promise<R> {
  const script = `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (${source})(arguments[0])).then(
  (value) => done({ value: value === undefined ? null : value }),
  (error) => done({ error: String((error && error.stack) || error) }));`;
  const outcome = (await client.executeAsyncScript(script, [arg ?? null])) as { value?: R; error?: string };
  if (outcome.error !== undefined) throw new Error(`in the page: ${outcome.error}`);
  return outcome.value as R;
}

/**
 * The session's windows, one at a time: WebDriver speaks to the current window, so each command
 * of a page switches to its window first, and commands of two pages never interleave.
 */
function windowsOf(client: Client) {
  let current: string | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    on<R>(handle: string, command: () => Promise<R>): Promise<R> {
      const next = chain.then(async () => {
        if (current !== handle) await client.switchToWindow(handle);
        current = handle;
        return command();
      });
      chain = next.catch(() => {});
      return next;
    },
    /** Closes `handle`'s window. */
    close(handle: string): Promise<void> {
      return this.on(handle, async () => {
        await client.closeWindow();
        current = undefined;
      });
    },
  };
}

type Windows = ReturnType<typeof windowsOf>;

/** The page API over the window `handle`; `origins` collects the origins of the profile's pages. */
function windowPage(client: Client, windows: Windows, handle: string, origins: Set<string>) {
  const on = <R>(command: () => Promise<R>) => windows.on(handle, command);
  const tabs = new Set<string>();
  const page = {
    open: (url: string) =>
      on(async () => {
        origins.add(new URL(url).origin);
        await client.navigateTo(url);
      }),
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => on(() => run<R>(client, fn.toString(), arg)),
    cookies: () =>
      on(async () =>
        ((await client.getAllCookies()) as { name: string; value: string }[]).map(({ name, value }) => ({
          name,
          value,
        })),
      ),
    click: (selector: string) =>
      on(async () => {
        const element = (await client.findElement('css selector', selector)) as Record<string, string>;
        await client.elementClick(element[ELEMENT]);
      }),
    press: (selector: string, key: Key) =>
      on(async () => {
        // Send Keys focuses the element first, then types the key into it.
        const element = (await client.findElement('css selector', selector)) as Record<string, string>;
        await client.elementSendKeys(element[ELEMENT], KEYS[key]);
      }),
    resize: (width: number, height: number) =>
      on(async () => void (await client.setWindowRect(null, null, width, height))),
    screenshot: (path: string, selector?: string) =>
      on(async () => {
        const element = selector && ((await client.findElement('css selector', selector)) as Record<string, string>);
        const png = element ? await client.takeElementScreenshot(element[ELEMENT]) : await client.takeScreenshot();
        await writeFile(path, Buffer.from(png, 'base64'));
      }),
    async tab(): Promise<EnginePage> {
      const { handle: tab } = (await on(() => client.createWindow('tab'))) as { handle: string };
      tabs.add(tab);
      const opened = windowPage(client, windows, tab, origins);
      return { ...opened, close: () => windows.close(tab).finally(() => tabs.delete(tab)) };
    },
    /** Closes the page's tabs, and clears the cookies and storage of each origin the profile opened. */
    async close() {
      for (const tab of tabs) await windows.close(tab);
      tabs.clear();
      await on(async () => {
        for (const origin of origins) {
          await client.navigateTo(`${origin}/__engines_blank`);
          await client.deleteAllCookies();
          await client.executeScript('localStorage.clear(); sessionStorage.clear();', []);
        }
        origins.clear();
        await client.navigateTo('about:blank');
      });
    },
  };
  return page satisfies EnginePage;
}

export async function launchWebkit(): Promise<Engine> {
  const port = await freePort();
  const driver = spawn(xvfbRunPath, ['-a', webkitDriverPath, `--port=${port}`], { detached: true, stdio: 'ignore' });
  let client: Client;
  try {
    await driverReady(port, driver);
    client = await WebDriver.newSession({
      hostname: '127.0.0.1',
      port,
      logLevel: 'warn',
      connectionRetryTimeout: 60_000,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: webkitPath, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
    await client.setTimeouts(undefined, 30_000, 30_000);
  } catch (error) {
    stopGroup(driver);
    throw error;
  }
  const windows = windowsOf(client);
  const main = await client.getWindowHandle();
  let busy = false;
  return {
    name: 'webkit',
    version: String(client.capabilities.browserVersion),
    async page(size = DEFAULT_SIZE) {
      if (busy) throw new Error('the WebKit engine has one window: close its page first');
      busy = true;
      await windows.on(main, () => client.setWindowRect(null, null, size.width, size.height));
      const page = windowPage(client, windows, main, new Set());
      return { ...page, close: () => page.close().finally(() => (busy = false)) };
    },
    async close() {
      await client.deleteSession().catch(() => {});
      stopGroup(driver);
    },
  };
}
