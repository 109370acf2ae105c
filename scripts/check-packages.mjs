#!/usr/bin/env node
// Package checks on every dist package: its README and registry fields (`npm pack --dry-run`),
// publint, @arethetypeswrong/cli, then the consumer check:
// `npm pack` each package, install the tarballs into a temporary project, import every export
// in Node and type-check an import of each, then run the testing guide's @svc/mock/playwright
// example there as a customer would (Debian's Chromium). Fails on the first broken package.
import { execFile, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { guideExample } from './guide-example.mjs';
import { nodeBinDir, PINNED } from './supported-node.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const dist = join(root, 'dist');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });
const execFileAsync = promisify(execFile);

/**
 * The msw majors a customer may have, each with the Node it is tried on: the newest msw 2 on our
 * floor (Node 22), msw 3 on the Node `npm test` runs. Each customer test calls `server.listen` as
 * the testing guide shows for that major (msw 3 renamed the option), taken from the guide itself:
 * the runnable example's line for msw 3, the line marked `// msw 2` for msw 2.
 */
const testingGuide = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
const listenLine = (marker) => {
  const line = testingGuide.split('\n').find((text) => /^server\.listen\(/.test(text) && marker.test(text));
  if (!line) throw new Error(`docs/testing.md has no server.listen line matching ${marker}`);
  return line.replace(/\s*\/\/.*$/, '');
};
const MSW_MAJORS = [
  { msw: '2', node: PINNED.floor, listen: listenLine(/\/\/ msw 2\b/) },
  { msw: '3', node: PINNED.test, listen: listenLine(/in a test runner/) },
];

const packages = readdirSync(dist)
  .filter((name) => existsSync(join(dist, name, 'package.json')))
  .map((name) => ({
    dir: join(dist, name),
    manifest: JSON.parse(readFileSync(join(dist, name, 'package.json'), 'utf8')),
  }));
if (packages.length === 0) throw new Error('no packages in dist/: run `npm run build` first');

// `--consumer-only` runs just the consumer check (to debug it, or prove it catches a broken package).
const consumerOnly = process.argv.includes('--consumer-only');
await twoAtATime(consumerOnly ? [] : packages.map((pkg) => () => checkPackage(pkg)));

// The consumer check.
const work = mkdtempSync(join(tmpdir(), 'svc-consumer-'));
try {
  const tarballs = packages.map(({ dir }) => {
    const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: dir, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop();
    return join(work, out);
  });
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'svc-consumer', private: true, type: 'module' }));
  console.log(`\n== consumer: installing ${tarballs.length} tarballs into ${work}`);
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...tarballs,
      `msw@${readPkg('msw').version}`,
      `@playwright/test@${readPkg('@playwright/test').version}`,
      `typescript@${readPkg('typescript').version}`,
      `@types/node@${readPkg('@types/node').version}`,
      // @svc/react's peer: the shop's React 19 (and its types, for the type check below).
      `react@${readPkg('react').version}`,
      `@types/react@${readPkg('@types/react').version}`,
      // @svc/vue's peer: the shop's Vue 3.5 (its types are its own).
      `vue@${readPkg('vue').version}`,
    ],
    { cwd: work },
  );

  const specifiers = packages.flatMap(({ manifest }) =>
    Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`)),
  );
  const runtime = specifiers
    .map((s, i) => `import * as m${i} from '${s}';\nif (typeof m${i} !== 'object') throw new Error('${s}');`)
    .join('\n');
  writeFileSync(
    join(work, 'import-all.mjs'),
    `${runtime}\nconsole.log('imported ${specifiers.length} entry points: ${specifiers.join(', ')}');\n`,
  );
  console.log('== consumer: importing every entry point in Node');
  run('node', ['import-all.mjs'], { cwd: work });

  writeFileSync(
    join(work, 'types.ts'),
    specifiers.map((s, i) => `import * as t${i} from '${s}';\nexport type T${i} = typeof t${i};`).join('\n') + '\n',
  );
  // A shop's React component on @svc/react (React 19's JSX) and its server snapshot from
  // @svc/react/server, type-checked with the rest.
  writeFileSync(
    join(work, 'widget.tsx'),
    `import { Recommendations, useRecommendations } from '@svc/react';
import { loadRecommendations } from '@svc/react/server';
export function Hook() {
  const { items, status, error, observe } = useRecommendations({ meta: { trackingId: 'shop' } }, { limit: 4 });
  if (status === 'error') return <p>{error?.code}</p>;
  return <ul>{items.map((item) => <li key={item.id} ref={observe(item)}>{String(item.details.name)}</li>)}</ul>;
}
export const Prop = () => (
  <Recommendations options={{ meta: { trackingId: 'shop' } }}>{({ items }) => <p>{items.length}</p>}</Recommendations>
);
// The server's snapshot, loaded where the page renders and rendered by the client component.
export async function serverSnapshot(visitorId: string) {
  const options = { meta: { trackingId: 'shop' } };
  const initial = await loadRecommendations(options, { limit: 4, timeout: 800 }, { visitorId });
  const status: 'ready' | 'empty' | 'error' = initial.status;
  const page = (
    <Recommendations options={options} initial={initial}>{({ items }) => <p>{items.length}</p>}</Recommendations>
  );
  return { status, page };
}
`,
  );
  // A shop's Vue component on @svc/vue (the composable in `setup`, the component with a slot) and a
  // page rendered with vue/server-renderer from @svc/vue/server's snapshot, type-checked with the rest.
  writeFileSync(
    join(work, 'vue-widget.ts'),
    `import { type Recommendation, SvcRecommendations, useRecommendations } from '@svc/vue';
import { loadRecommendations } from '@svc/vue/server';
import { createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
export const Widget = defineComponent({
  setup() {
    const { items, status, error, observe } = useRecommendations({ meta: { trackingId: 'shop' } }, { limit: 4 });
    return () =>
      status.value === 'error'
        ? h('p', error.value?.code)
        : h('ul', items.value.map((item) => h('li', { key: item.id, ref: observe(item) }, String(item.details.name))));
  },
});
export async function serverPage(visitorId: string) {
  const options = { meta: { trackingId: 'shop' } };
  const initial = await loadRecommendations(options, { limit: 4, timeout: 800 }, { visitorId });
  const status: 'ready' | 'empty' | 'error' = initial.status;
  const card = ({ item }: { item: Recommendation }) => h('a', String(item.details.name));
  const html = await renderToString(createSSRApp({ render: () => h(SvcRecommendations, { options, initial }, { item: card }) }));
  return { status, html };
}
`,
  );
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        lib: ['es2022', 'dom'],
        jsx: 'react-jsx',
      },
      files: ['types.ts', 'widget.tsx', 'vue-widget.ts'],
    }),
  );
  // What follows uses the installed project without changing it (each msw major has a project of its own).
  await twoAtATime([
    () => checkTypes(work),
    () => checkVueServerRender(work),
    () => checkOneCore(work),
    ...MSW_MAJORS.map((major) => () => checkMswMajor(major, tarballs)),
    () => checkPlaywrightFixture(work),
  ]);
  console.log(`\npackage checks: ${packages.length} packages ok`);
} finally {
  if (!process.env.KEEP_CONSUMER) rmSync(work, { recursive: true, force: true });
}

/**
 * Runs `checks` two at a time (each is separate processes that mostly wait) and prints each one's
 * output whole when it ends, so that the blocks never interleave. After a failure no other check
 * starts; the running one ends, then the first failure is thrown, its output in its message.
 */
async function twoAtATime(checks) {
  const waiting = [...checks];
  const failures = [];
  const lane = async () => {
    for (let next = waiting.shift(); next && !failures.length; next = waiting.shift()) {
      try {
        console.log(await next());
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all([lane(), lane()]);
  if (failures.length) throw failures[0];
}

/** The installed project's type check: an import of every entry point, a React 19 and a Vue 3.5 widget. */
async function checkTypes(work) {
  const output = await capture(join(work, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: work });
  return `== consumer: type-checking an import of every entry point, a React 19 and a Vue 3.5 widget (nodenext)\n${output}`;
}

/**
 * Through the installed packages and the shop's own Vue: `<SvcRecommendations>` renders a snapshot's
 * card with vue/server-renderer in Node, and Vue warns of nothing (one Vue: @svc/vue's is the shop's).
 */
async function checkVueServerRender(work) {
  writeFileSync(
    join(work, 'vue-ssr.mjs'),
    `import { SvcRecommendations } from '@svc/vue';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
const warnings = [];
console.warn = (...args) => warnings.push(args.join(' '));
const item = { id: 'p1', weight: 1, strategy: 'popular', details: { name: 'Linen shirt' } };
const initial = { items: [item], status: 'ready', error: null };
const options = { meta: { trackingId: 'shop' } };
const html = await renderToString(createSSRApp({ render: () => h(SvcRecommendations, { options, initial }) }));
if (!html.startsWith('<div data-state="ready">') || !html.includes('<ul><li>Linen shirt</li></ul>') || warnings.length)
  throw new Error('@svc/vue rendered ' + html + ' with warnings ' + JSON.stringify(warnings));
console.log('@svc/vue renders a snapshot with vue/server-renderer: ' + html);
`,
  );
  return `== consumer: @svc/vue rendered on the server with the installed vue\n${await capture('node', ['vue-ssr.mjs'], { cwd: work })}`;
}

/**
 * The per-package checks: its page on the registry, publint, @arethetypeswrong/cli. Resolves to
 * their output; rejects with it, and the failing command's, on the first that fails.
 */
async function checkPackage({ dir, manifest }) {
  const output = [`\n== ${manifest.name}: README and registry fields`];
  try {
    output.push(await checkPackagePage(dir, manifest));
    output.push(`\n== ${manifest.name}: publint`, await capture(bin('publint'), ['--strict', dir]));
    output.push(`== ${manifest.name}: are the types wrong?`);
    // The packages are ESM only by design (`type: module`, `import` conditions only): a CommonJS
    // `require` of them resolving to ESM is what we ship, not a problem to warn about on every run.
    // Every other rule still fails the check.
    output.push(
      await capture(bin('attw'), [
        '--pack',
        dir,
        '--profile',
        'esm-only',
        '--ignore-rules',
        'cjs-resolves-to-esm',
        '--format',
        'table-flipped',
      ]),
    );
    return output.join('\n');
  } catch (error) {
    error.message = `${output.join('\n')}\n${error.message}`;
    throw error;
  }
}

/** Runs a command to its end; resolves to its output, rejects with it (stdout and stderr). */
async function capture(cmd, args, opts = {}) {
  try {
    const { stdout, stderr } = await execFileAsync(cmd, args, { encoding: 'utf8', maxBuffer: 2 ** 26, ...opts });
    return stdout + stderr;
  } catch (error) {
    throw new Error(`${[cmd, ...args].join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

/**
 * What the registry shows of a package: `npm pack --dry-run` lists its README.md, which is
 * docs/packages/<name>.md, and package.json has `repository`, `homepage`, `bugs` and `keywords`.
 */
async function checkPackagePage(dir, manifest) {
  const [packed] = JSON.parse(await capture('npm', ['pack', '--dry-run', '--json', '--silent'], { cwd: dir }));
  const files = packed.files.map((file) => file.path);
  if (!files.includes('README.md'))
    throw new Error(`${manifest.name}: npm pack does not list README.md (it lists ${files.join(', ')})`);
  const source = join(root, 'docs', 'packages', `${manifest.name.replace('@svc/', '')}.md`);
  if (readFileSync(join(dir, 'README.md'), 'utf8') !== readFileSync(source, 'utf8'))
    throw new Error(`${manifest.name}: README.md is not ${source}: run \`npm run build\``);
  const missing = ['repository', 'homepage', 'bugs', 'keywords'].filter(
    (field) => !manifest[field] || manifest[field].length === 0,
  );
  if (missing.length) throw new Error(`${manifest.name}: package.json has no ${missing.join(', ')}`);
  return `npm pack lists README.md among ${files.length} files; repository, homepage, bugs, keywords present`;
}

function readPkg(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
}

/**
 * Through the installed packages, as a customer has them: an error thrown by one client is an
 * instance of `SvcError` imported from another (one @svc/core), and a bundler build of a page
 * importing all five browser packages carries one copy of core and of ky, within 1.1 x svc.min.js.
 */
async function checkOneCore(work) {
  writeFileSync(
    join(work, 'one-core.mjs'),
    `import { SvcError, InvalidArgumentError } from '@svc/stash';
import { recommendations } from '@svc/recommendations';
let error;
try { recommendations({ meta: { trackingId: 'not a segment!' } }); } catch (e) { error = e; }
if (!(error instanceof SvcError) || !(error instanceof InvalidArgumentError) || error.code !== 'INVALID_ARGUMENT') {
  throw new Error('an error of @svc/recommendations is not an instance of SvcError from @svc/stash: ' + error);
}
console.log('one SvcError: an @svc/recommendations error is instanceof SvcError from @svc/stash');
`,
  );
  const output = [
    '== consumer: one SvcError class across packages',
    await capture('node', ['one-core.mjs'], { cwd: work }),
  ];

  output.push('== consumer: a bundle of all five browser packages has one core and one ky');
  const page = join(work, 'page.mjs');
  writeFileSync(
    page,
    `export { recommendations } from '@svc/recommendations';
export { createStash } from '@svc/stash';
export { createTracker } from '@svc/tracker';
export { createExperiencesClient } from '@svc/experiences';
export { createIntegration } from '@svc/integrations';
`,
  );
  const result = await build({
    entryPoints: [page],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    absWorkingDir: work,
    logLevel: 'error',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const copies = (pattern) => inputs.filter((file) => pattern.test(file));
  const cores = copies(/node_modules\/@svc\/core\/index\.js$/);
  const kys = copies(/node_modules\/ky\/distribution\/core\/Ky\.js$/);
  const cookies = copies(/node_modules\/js-cookie\//);
  if (cores.length !== 1 || kys.length !== 1 || cookies.length !== 1) {
    throw new Error(
      `expected one copy each of @svc/core, ky and js-cookie, found ${cores.length}, ${kys.length}, ${cookies.length}`,
    );
  }
  const together = gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
  const script = gzipSync(readFileSync(join(dist, 'svc.min.js')), { level: 9 }).length;
  const ratio = together / script;
  output.push(
    `all five browser packages bundled together: ${together} B gzip, svc.min.js ${script} B: ${ratio.toFixed(2)} x (limit 1.1 x)`,
  );
  if (ratio > 1.1)
    throw new Error(
      `all five packages together are ${ratio.toFixed(2)} x svc.min.js (limit 1.1 x): is core bundled more than once?`,
    );
  return output.join('\n');
}

/**
 * A customer's test project on msw `major`: installs the packed `@svc/mock` (with core and the
 * clients it uses) beside that msw with no flag, checks `npm ls` is clean, and runs a small
 * customer test under Node's own test runner: `setupServer(...createHandlers(createMockPlatform()))`,
 * a stash write and read, a recommendations `get` and a `shown` event, then `close()`.
 */
async function checkMswMajor({ msw, node, listen }, tarballs) {
  const project = mkdtempSync(join(tmpdir(), `svc-msw${msw}-`));
  try {
    const env = { ...process.env, PATH: `${nodeBinDir(node)}:${process.env.PATH}` };
    delete env.npm_node_execpath;
    const inProject = { cwd: project, env };
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: `shop-tests-msw${msw}`, private: true, type: 'module' }),
    );
    const wanted = ['core', 'mock', 'stash', 'recommendations'].map((name) =>
      tarballs.find((file) => file.includes(`svc-${name}-`)),
    );
    const output = [`\n== msw ${msw} on Node ${node}: a customer's project installs @svc/mock beside msw@${msw}`];
    output.push(
      await capture(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `msw@${msw}`, ...wanted],
        inProject,
      ),
    );
    await capture('npm', ['ls', '--all'], inProject);
    output.push('npm ls --all: clean');
    writeFileSync(join(project, 'customer.test.mjs'), customerTest(listen));
    output.push(await capture('node', ['--test', '--test-reporter=spec', 'customer.test.mjs'], inProject));
    return output.join('\n');
  } finally {
    if (!process.env.KEEP_CONSUMER) rmSync(project, { recursive: true, force: true });
  }
}

/** The customer's test of `checkMswMajor`, written as the testing guide tells a customer to. */
function customerTest(listen) {
  return `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupServer } from 'msw/node';
import { createHandlers, createMockPlatform } from '@svc/mock';
import { recommendations } from '@svc/recommendations';
import { createStash } from '@svc/stash';

test('the shop reads and writes the stash, gets recommendations and reports one shown', async () => {
  const platform = createMockPlatform({ fixtures: true });
  const server = setupServer(...createHandlers(platform));
  ${listen}
  try {
    const basket = createStash('kv', 'demo_shop');
    await basket.set('basket', '3 items');
    assert.equal(await basket.get('basket'), '3 items');
    const widget = recommendations({ meta: { trackingId: 'demo_shop', visitorId: 'visitor-1' } }, { limit: 3 });
    const items = await widget.get();
    assert.equal(items.length, 3);
    await widget.shown(items[0]);
    const shown = platform.inspect.events.received('demo_shop').filter((event) => event.meta.type === 'recommendationShown');
    assert.deepEqual(shown.map((event) => event.data.id), [items[0].id]);
  } finally {
    server.close();
  }
});
`;
}

/**
 * A customer's Playwright suite through the packed @svc/mock/playwright: the testing guide's
 * example as written, against the plain storefront page of our e2e suite (and svc.min.js) served
 * by a static server of the scratch project, in Debian's Chromium.
 */
async function checkPlaywrightFixture(work) {
  const site = join(work, 'site');
  mkdirSync(join(site, 'test-pages'), { recursive: true });
  mkdirSync(join(site, 'dist'), { recursive: true });
  for (const page of ['storefront.html', 'storefront.js'])
    copyFileSync(join(root, 'test', 'e2e', 'pages', page), join(site, 'test-pages', page));
  copyFileSync(join(dist, 'svc.min.js'), join(site, 'dist', 'svc.min.js'));
  writeFileSync(
    join(work, 'serve.mjs'),
    `import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
createServer(async (req, res) => {
  const path = normalize(new URL(req.url, 'http://x').pathname).replace(/^(\\.\\.[/\\\\])+/, '');
  try {
    const body = await readFile(join(import.meta.dirname, 'site', path));
    res.writeHead(200, { 'Content-Type': types[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
`,
  );
  const port = 5400 + Math.floor(Math.random() * 500);
  writeFileSync(
    join(work, 'playwright.config.mjs'),
    `export default {
  testDir: 'tests',
  workers: 1,
  reporter: 'list',
  use: { baseURL: 'http://127.0.0.1:${port}', launchOptions: { executablePath: ${JSON.stringify(chromiumPath)}, args: ${JSON.stringify(chromiumArgs)} } },
  webServer: { command: 'node serve.mjs', env: { PORT: '${port}' }, url: 'http://127.0.0.1:${port}/test-pages/storefront.html', timeout: 30000 },
};
`,
  );
  mkdirSync(join(work, 'tests'), { recursive: true });
  writeFileSync(join(work, 'tests', 'shop.spec.ts'), guideExample());
  const playwright = join(work, 'node_modules', '.bin', 'playwright');
  const output = await capture(playwright, ['test', '--config', 'playwright.config.mjs'], { cwd: work });
  return `== consumer: the testing guide's @svc/mock/playwright example, through the tarball\n${output}`;
}
