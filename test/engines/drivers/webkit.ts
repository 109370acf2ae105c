// WebKitGTK's MiniBrowser through WebKitWebDriver, the WebDriver server of webkit2gtk-driver,
// spoken to by `webdriver` (webdriverio's protocol client; docs/testing.md says why that one).
// The driver runs under xvfb-run: MiniBrowser needs a display, and gets a virtual one of its own.
//
// A session is one browser window, and starting one costs seconds: the engine keeps one window,
// and a page's close() forgets what it held (cookies and storage of every origin it opened).
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import WebDriver from 'webdriver';
import { webkitDriverPath, webkitPath, xvfbRunPath } from '../../../scripts/browsers.mjs';
import { DEFAULT_SIZE, type Engine, type EnginePage } from './types';

type Client = Awaited<ReturnType<typeof WebDriver.newSession>>;
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

/** The window's page: `close()` clears the cookies and storage of each origin it opened. */
function windowPage(client: Client): EnginePage {
  const origins = new Set<string>();
  return {
    async open(url) {
      origins.add(new URL(url).origin);
      await client.navigateTo(url);
    },
    evaluate: (fn, arg) => run(client, fn.toString(), arg),
    async cookies() {
      return ((await client.getAllCookies()) as { name: string; value: string }[]).map(({ name, value }) => ({
        name,
        value,
      }));
    },
    async click(selector) {
      const element = (await client.findElement('css selector', selector)) as Record<string, string>;
      await client.elementClick(element[ELEMENT]);
    },
    resize: async (width, height) => void (await client.setWindowRect(null, null, width, height)),
    async screenshot(path, selector) {
      const element = selector && ((await client.findElement('css selector', selector)) as Record<string, string>);
      const png = element ? await client.takeElementScreenshot(element[ELEMENT]) : await client.takeScreenshot();
      await writeFile(path, Buffer.from(png, 'base64'));
    },
    async close() {
      for (const origin of origins) {
        await client.navigateTo(`${origin}/__engines_blank`);
        await client.deleteAllCookies();
        await client.executeScript('localStorage.clear(); sessionStorage.clear();', []);
      }
      await client.navigateTo('about:blank');
    },
  };
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
  let busy = false;
  return {
    name: 'webkit',
    version: String(client.capabilities.browserVersion),
    async page(size = DEFAULT_SIZE) {
      if (busy) throw new Error('the WebKit engine has one window: close its page first');
      busy = true;
      await client.setWindowRect(null, null, size.width, size.height);
      const page = windowPage(client);
      return { ...page, close: () => page.close().finally(() => (busy = false)) };
    },
    async close() {
      await client.deleteSession().catch(() => {});
      stopGroup(driver);
    },
  };
}
