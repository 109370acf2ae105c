// One list of entries -> every publishable package in <out>/<name>/, the script-tag IIFE
// <out>/svc.min.js, and the demo's bundles. `<out>` is SVC_OUT (scripts/build.mjs builds into a
// fresh folder and swaps it in, so a running demo never sees a half-written dist/), else dist.
// Types are emitted and checked once by `tsc -p tsconfig.build.json` and bundled per entry by
// rollup-plugin-dts; the code is transpiled by esbuild (no second type check).
import { copyFileSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import esbuild, { minify } from 'rollup-plugin-esbuild';
import alias from '@rollup/plugin-alias';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const version = root.version;
const out = process.env.SVC_OUT ?? 'dist';

/**
 * The packages. `entries` maps an export subpath name to its source; `index` is `.`.
 * `bin` adds executables; `peer` lists peer dependencies (the customer brings their own),
 * `optionalPeer` those of them only some entries need.
 * `node: true` marks a package that runs in Node: it declares the root's `engines.node` (our
 * supported lines). Browser packages declare no Node floor, as our peers' browser packages do.
 * Each package's README is docs/packages/<name>.md; `keywords` are added to the shared ones.
 * `sideEffects` lists the entries that do something when imported (default: none).
 * `hosts` lists the entries whose files hold the modules other entries share (see `hostedChunks`).
 * `notApi` lists the entries that are published for our own packages only: importable, but not
 * covered by semver, left out of TypeDoc's reference and of the structure check's guides (its README says so).
 */
export const packages = [
  {
    name: 'core',
    description: 'What every svc client shares: errors, endpoints, visitor id, cookies, the HTTP transport on ky.',
    entries: { index: 'src/core/index.ts', errors: 'src/core/errors.ts' },
    keywords: ['errors', 'http'],
  },
  {
    name: 'recommendations',
    description: 'Recommendations client (get, shown, clicked, observe) and the <svc-recommendations> element.',
    entries: {
      index: 'src/recommendations/index.ts',
      element: 'src/recommendations/element.ts',
      internal: 'src/recommendations/internal.ts',
    },
    // `internal`: the helpers @svc/react and @svc/vue are built on, published for them (one copy beside
    // the client) but no API: not covered by semver, left out of the API reference and of the guides.
    notApi: ['internal'],
    // One file per entry: the client in index.js, the adapters' helpers in internal.js, the element's own code in element.js.
    hosts: ['index', 'internal'],
    // Importing `@svc/recommendations/element` defines the element: a bundler must keep that import.
    sideEffects: ['./element.js'],
    keywords: ['recommendations', 'ecommerce', 'custom element'],
  },
  { name: 'stash', description: 'Key-value stash client: kv, deferkv, ts, count.', entries: { index: 'src/stash/index.ts' }, keywords: ['key-value', 'storage'] },
  {
    name: 'tracker',
    description: 'Visitor id, consent and tracking events with reliable delivery.',
    entries: { index: 'src/tracker/index.ts' },
    keywords: ['tracking', 'analytics', 'consent', 'browser'],
  },
  {
    name: 'experiences',
    description: 'Server experiences client for Node and browsers.',
    entries: { index: 'src/experiences/index.ts' },
    node: true,
    keywords: ['a/b testing', 'experiments', 'ssr'],
  },
  {
    name: 'proxy',
    description: "The platform route for the shop's own server: every browser request through the shop's origin, the visitor id set by its server.",
    entries: { index: 'src/proxy/index.ts' },
    node: true,
    keywords: ['first-party', 'proxy', 'fetch handler', 'edge', 'cookies'],
  },
  {
    name: 'integrations',
    description: 'Integrations client (execute, schedule, cancel) and a local runner for integration handlers.',
    keywords: ['integrations', 'webhooks', 'scheduling'],
    entries: {
      index: 'src/integrations/index.ts',
      runner: 'src/integrations/runner/index.ts',
      worker: 'src/integrations/runner/worker.ts',
      host: 'src/integrations/runner/host.ts',
      cli: 'src/integrations/runner/cli.ts',
    },
    internal: ['worker', 'host', 'cli'],
    bin: { 'svc-integration': './cli.js' },
    node: true,
  },
  {
    name: 'react',
    description: 'Recommendations in React: useRecommendations and <Recommendations>, server rendering included.',
    // `server`: loadRecommendations, for a Server Component, a route loader or an edge function.
    entries: { index: 'src/react/index.ts', server: 'src/react/server.ts' },
    // The shop's own React (19): one copy of React on the page.
    peer: { react: '^19.0.0' },
    keywords: ['react', 'recommendations', 'ssr', 'hooks'],
  },
  {
    name: 'vue',
    description: 'Recommendations in Vue 3.5 and Nuxt: useRecommendations and <SvcRecommendations>, server rendering included.',
    // `server`: loadRecommendations, for Nuxt's useAsyncData, a Vite SSR entry or an edge function.
    entries: { index: 'src/vue/index.ts', server: 'src/vue/server.ts' },
    // The shop's own Vue (3.5): one copy of Vue on the page.
    peer: { vue: '^3.5.0' },
    keywords: ['vue', 'nuxt', 'recommendations', 'ssr', 'composables'],
  },
  {
    name: 'mock',
    description: 'The mock platform: an in-memory reference server behind MSW handlers, also served over HTTP.',
    entries: {
      index: 'src/mock/index.ts',
      server: 'src/mock/server/index.ts',
      playwright: 'src/mock/playwright.ts',
      cli: 'src/mock/server/cli.ts',
    },
    internal: ['cli'],
    bin: { 'svc-mock': './cli.js' },
    // @playwright/test: needed by the `playwright` entry only, so optional for everyone else.
    peer: { msw: '^2.15.0 || ^3.0.0', '@playwright/test': '>=1.40.0' },
    optionalPeer: ['@playwright/test'],
    node: true,
    keywords: ['mock', 'msw', 'testing'],
  },
];

// Every package depends on @svc/core by name (one copy, one SvcError class on a page), at this version;
// @svc/react and @svc/vue on @svc/recommendations the same way (one client, one once-per-item rule).
const runtimeDeps = { ...root.dependencies, '@svc/core': version, '@svc/recommendations': version };
/** `@svc/<name>/internal`: plumbing a package shares with core or a client, bundled into it, never published (src/core/internal.ts). */
const INTERNAL = /^@svc\/(core|tracker|integrations)\/internal$/;
const isExternal = (id) =>
  !INTERNAL.test(id) &&
  (id.startsWith('node:') || builtinModules.includes(id) || /^(@svc\/core|@svc\/recommendations|ky|js-cookie|cookie|tldts|json-logic-js|re2js|msw|@playwright\/test|react|react-dom|vue|@vue\/[^/]+)(\/|$)/.test(id));
/** Resolves `@svc/<name>/internal` to its module: `dir` is src/ for code, build/types/ for declarations. */
const internalModules = (dir, extension) =>
  alias({ entries: [{ find: INTERNAL, replacement: new URL(`./${dir}/$1/internal${extension}`, import.meta.url).pathname }] });
const ts = () => esbuild({ target: 'es2022', tsconfig: './tsconfig.json', sourceMap: true });
// The script-tag and demo bundles carry core themselves: '@svc/core' is its source there.
const coreSource = () =>
  alias({
    entries: [
      { find: /^@svc\/core$/, replacement: new URL('./src/core/index.ts', import.meta.url).pathname },
      { find: /^@svc\/core\/errors$/, replacement: new URL('./src/core/errors.ts', import.meta.url).pathname },
    ],
  });

/** Writes dist/<name>/package.json from the imports the bundle really has, and its README.md. */
function manifest(pkg) {
  return {
    name: 'svc-manifest',
    generateBundle(_options, bundle) {
      const used = new Set();
      for (const chunk of Object.values(bundle)) {
        for (const id of chunk.imports ?? []) {
          const name = id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0];
          if (runtimeDeps[name]) used.add(name);
        }
      }
      const exportsMap = {};
      for (const entry of Object.keys(pkg.entries)) {
        if (pkg.internal?.includes(entry)) continue;
        exportsMap[entry === 'index' ? '.' : `./${entry}`] = { types: `./${entry}.d.ts`, import: `./${entry}.js` };
      }
      exportsMap['./package.json'] = './package.json';
      const json = {
        name: `@svc/${pkg.name}`,
        version,
        description: pkg.description,
        keywords: [...root.keywords, ...pkg.keywords],
        homepage: root.homepage,
        bugs: root.bugs,
        repository: { ...root.repository, directory: `src/${pkg.name}` },
        license: root.license,
        type: 'module',
        ...(pkg.node ? { engines: root.engines } : {}),
        sideEffects: pkg.sideEffects ?? false,
        main: './index.js',
        types: './index.d.ts',
        exports: exportsMap,
        ...(pkg.bin ? { bin: pkg.bin } : {}),
        files: ['*.js', '*.js.map', '*.d.ts', 'chunks', 'README.md'],
        ...(used.size ? { dependencies: Object.fromEntries([...used].sort().map((n) => [n, runtimeDeps[n]])) } : {}),
        ...(pkg.peer ? { peerDependencies: pkg.peer } : {}),
        ...(pkg.optionalPeer
          ? { peerDependenciesMeta: Object.fromEntries(pkg.optionalPeer.map((name) => [name, { optional: true }])) }
          : {}),
      };
      mkdirSync(`${out}/${pkg.name}`, { recursive: true });
      writeFileSync(`${out}/${pkg.name}/package.json`, JSON.stringify(json, null, 2) + '\n');
      copyFileSync(`docs/packages/${pkg.name}.md`, `${out}/${pkg.name}/README.md`);
    },
  };
}

/**
 * Rollup's `manualChunks` for a package with `hosts`: a module goes into the file of the first of its
 * hosts (in their order) that imports it, directly or not, so the package has a file per entry and no
 * shared chunk. `@svc/recommendations`: the client stays in index.js, which element.js and internal.js
 * import, and element.js holds the element's own code only (what its size budget counts).
 */
function hostedChunks(pkg) {
  if (!pkg.hosts) return undefined;
  const reached = new Map();
  /** Every module `id` imports, itself included. */
  const closure = (id, getModuleInfo, into = new Set()) => {
    if (into.has(id)) return into;
    into.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) closure(next, getModuleInfo, into);
    return into;
  };
  return (id, { getModuleInfo }) => {
    for (const host of pkg.hosts) {
      const source = new URL(`./${pkg.entries[host]}`, import.meta.url).pathname;
      if (!reached.has(host)) reached.set(host, closure(source, getModuleInfo));
      if (reached.get(host).has(id)) return host;
    }
    return undefined;
  };
}

const onwarn = (warning, warn) => {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  // A script-tag bundle that cannot resolve an import would read an undefined global at run time.
  if (warning.code === 'UNRESOLVED_IMPORT' || warning.code === 'MISSING_GLOBAL_NAME') throw new Error(warning.message);
  warn(warning);
};

const codeBuilds = packages.map((pkg) => ({
    input: pkg.entries,
    external: isExternal,
    onwarn,
    plugins: [internalModules('src', '.ts'), ts(), manifest(pkg)],
    output: {
      dir: `${out}/${pkg.name}`,
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      manualChunks: hostedChunks(pkg),
    },
}));

// Declarations, bundled from what `tsc -p tsconfig.build.json` emitted into build/types.
const typeBuilds = packages.map((pkg) => ({
    input: Object.fromEntries(
      Object.entries(pkg.entries)
        .filter(([entry]) => !pkg.internal?.includes(entry))
        .map(([entry, src]) => [entry, src.replace(/^src\//, 'build/types/').replace(/\.ts$/, '.d.ts')]),
    ),
    external: isExternal,
    onwarn,
    plugins: [internalModules('build/types', '.d.ts'), dts()],
    output: { dir: `${out}/${pkg.name}`, format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'chunks/[name]-[hash].d.ts' },
}));

/**
 * A self-contained browser bundle. `svc.min.js` is minified by terser (smaller output: it is what
 * storefronts download); the demo's own bundles by esbuild (several times faster, size is no concern).
 * Two hints move V8's compiling off the page's main thread, onto the thread that streams the script in:
 * terser keeps the IIFE in parentheses (`wrap_iife`), which V8 compiles at once instead of when it is
 * called, and the first line is V8's explicit compile hint `//# allFunctionsCalledOnLoad` (Chrome 136 and
 * later; other engines ignore the comment), which compiles every function there too: the start runs
 * most of them, and compiling each one lazily on the main thread was the bulk of the tag's load cost.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const browserBundle = (
  input,
  file,
  name,
  minifier = terser({ format: { comments: false, wrap_iife: true, preamble: COMPILE_HINT } }),
) => ({
  input,
  onwarn,
  plugins: [
    coreSource(),
    internalModules('src', '.ts'),
    resolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.ts'] }),
    commonjs(),
    ts(),
    minifier,
  ],
  output: { file: `${out}/${file}`, format: 'iife', name, sourcemap: true },
});

const demoMinifier = () => minify({ target: 'es2022', sourceMap: true });

/** `@svc/recommendations` and its internal entry from their sources (the React and Vue pages). */
const recommendationsSource = [
  { find: /^@svc\/recommendations$/, replacement: new URL('./src/recommendations/index.ts', import.meta.url).pathname },
  {
    find: /^@svc\/recommendations\/internal$/,
    replacement: new URL('./src/recommendations/internal.ts', import.meta.url).pathname,
  },
];

/**
 * A React page of the browser tests (test/e2e/pages/react): React 19's development build (it
 * reports hydration mismatches), @svc/react and @svc/recommendations from their sources.
 */
const reactPage = (input, file) => ({
  ...browserBundle(input, file, 'svcReactPage'),
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('development') } }),
    alias({
      entries: recommendationsSource,
    }),
    coreSource(),
    internalModules('src', '.ts'),
    resolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
    commonjs(),
    ts(),
    demoMinifier(),
  ],
});

/**
 * The Vue page of the browser tests (test/e2e/pages/vue): Vue's development build (it reports
 * hydration mismatches), its compile-time flags defined as a bundler's Vue plugin defines them,
 * @svc/vue and @svc/recommendations from their sources.
 */
const vuePage = {
  ...browserBundle('test/e2e/pages/vue/client.ts', 'vue-page/app.js', 'svcVuePage'),
  plugins: [
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify('development'),
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
    }),
    alias({
      entries: recommendationsSource,
    }),
    coreSource(),
    internalModules('src', '.ts'),
    resolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.ts'] }),
    commonjs(),
    ts(),
    demoMinifier(),
  ],
};

// SVC_PART=code or types builds half (scripts/build.mjs runs the code while tsc emits the types).
const code = [
  ...codeBuilds,
  // The script-tag bundle: everything a storefront needs, self-contained.
  browserBundle('src/svc.ts', 'svc.min.js', 'svc'),
  // The QA overlay, beside it: loaded by svc.min.js only when someone opens it (src/qa/opener.ts).
  // It takes a few helpers from core; none of core's modules (ky's included) is needed for its effects.
  { ...browserBundle('src/qa/overlay.ts', 'svc-qa.js', 'svcQa'), treeshake: { moduleSideEffects: false } },
  // The demo's mock platform: MSW browser worker + @svc/mock with fixtures.
  browserBundle('demo/mock.ts', 'demo/mock.js', 'svcMock', demoMinifier()),
  // The demo's consent banner (also the browser tests' CMP): the IAB's stub, CMP API and TC strings.
  browserBundle('demo/consent/cmp.ts', 'demo/cmp.js', 'svcCmpModule', demoMinifier()),
  browserBundle('demo/consent/stub.ts', 'demo/consent-stub.js', 'svcCmpStub', demoMinifier()),
  browserBundle('demo/consent/page.ts', 'demo/consent.js', 'svcConsentPage', demoMinifier()),
  // The demo's privacy page (also the browser tests' GPP CMP): the IAB's GPP CMP API and encoder.
  browserBundle('demo/privacy/gpc-switch.ts', 'demo/gpc-switch.js', 'svcGpcSwitch', demoMinifier()),
  browserBundle('demo/privacy/cmp.ts', 'demo/gpp-cmp.js', 'svcGppModule', demoMinifier()),
  browserBundle('demo/privacy/stub.ts', 'demo/gpp-stub.js', 'svcGppStub', demoMinifier()),
  browserBundle('demo/privacy/page.ts', 'demo/privacy.js', 'svcPrivacyPage', demoMinifier()),
  // The demo page's own code (uses window.svc and window.svcMock only): an ES module whose QA
  // panels are chunks of their own, loaded when a panel is first opened (demo/qa/panels.ts).
  {
    ...browserBundle('demo/app.ts', 'demo/app.js', 'svcDemo', demoMinifier()),
    output: { dir: `${out}/demo`, format: 'es', entryFileNames: 'app.js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
  },
  // The hook's page (react.spec.ts) and the carousel's (react-carousel.spec.ts), apart: each page's requests its own.
  reactPage('test/e2e/pages/react/client.tsx', 'react-page/app.js'),
  reactPage('test/e2e/pages/react/carousel-client.tsx', 'react-page/carousel.js'),
  vuePage,
];
const part = process.env.SVC_PART;
export default part === 'code' ? code : part === 'types' ? typeBuilds : [...code, ...typeBuilds];
