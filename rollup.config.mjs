// One list of entries -> every publishable package in dist/<name>/, the script-tag IIFE
// dist/svc.min.js, and the demo's mock bundle. Types are emitted once by `tsc -p
// tsconfig.build.json` (see the build script) and bundled per entry by rollup-plugin-dts.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const version = root.version;

/**
 * The packages. `entries` maps an export subpath name to its source; `index` is `.`.
 * `bin` adds executables; `peer` lists peer dependencies (the customer brings their own).
 */
export const packages = [
  { name: 'recommendations', description: 'Recommendations client: get, shown, clicked.', entries: { index: 'src/recommendations/index.ts' } },
  { name: 'stash', description: 'Key-value stash client: kv, deferkv, ts, count.', entries: { index: 'src/stash/index.ts' } },
  { name: 'tracker', description: 'Visitor id, consent and tracking events with reliable delivery.', entries: { index: 'src/tracker/index.ts' } },
  { name: 'experiences', description: 'Server experiences client for Node and browsers.', entries: { index: 'src/experiences/index.ts' } },
  {
    name: 'integrations',
    description: 'Integrations client (execute, schedule, cancel) and a local runner for integration handlers.',
    entries: {
      index: 'src/integrations/index.ts',
      runner: 'src/integrations/runner/index.ts',
      worker: 'src/integrations/runner/worker.ts',
      cli: 'src/integrations/runner/cli.ts',
    },
    internal: ['worker', 'cli'],
    bin: { 'svc-integration': './cli.js' },
  },
  {
    name: 'mock',
    description: 'The mock platform: an in-memory reference server behind MSW handlers.',
    entries: { index: 'src/mock/index.ts' },
    peer: { msw: '^2.15.0' },
  },
];

const runtimeDeps = { ...root.dependencies };
const isExternal = (id) =>
  id.startsWith('node:') || builtinModules.includes(id) || /^(json-logic-js|re2js|msw)(\/|$)/.test(id);
const ts = () => typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts', 'demo/**/*.ts'], noEmitOnError: true, compilerOptions: { noEmit: false, declaration: false, sourceMap: true, outDir: undefined } });

/** Writes dist/<name>/package.json from the imports the bundle really has. */
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
        license: root.license,
        type: 'module',
        engines: root.engines,
        sideEffects: false,
        main: './index.js',
        types: './index.d.ts',
        exports: exportsMap,
        ...(pkg.bin ? { bin: pkg.bin } : {}),
        files: ['*.js', '*.js.map', '*.d.ts', 'chunks'],
        ...(used.size ? { dependencies: Object.fromEntries([...used].sort().map((n) => [n, runtimeDeps[n]])) } : {}),
        ...(pkg.peer ? { peerDependencies: pkg.peer } : {}),
      };
      mkdirSync(`dist/${pkg.name}`, { recursive: true });
      writeFileSync(`dist/${pkg.name}/package.json`, JSON.stringify(json, null, 2) + '\n');
    },
  };
}

const onwarn = (warning, warn) => {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
};

const packageBuilds = packages.flatMap((pkg) => [
  {
    input: pkg.entries,
    external: isExternal,
    onwarn,
    plugins: [ts(), manifest(pkg)],
    output: {
      dir: `dist/${pkg.name}`,
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
  },
  {
    input: Object.fromEntries(
      Object.entries(pkg.entries)
        .filter(([entry]) => !pkg.internal?.includes(entry))
        .map(([entry, src]) => [entry, src.replace(/^src\//, 'build/types/').replace(/\.ts$/, '.d.ts')]),
    ),
    external: isExternal,
    onwarn,
    plugins: [dts()],
    output: { dir: `dist/${pkg.name}`, format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'chunks/[name]-[hash].d.ts' },
  },
]);

const browserBundle = (input, file, name) => ({
  input,
  onwarn,
  plugins: [resolve({ browser: true, preferBuiltins: false }), commonjs(), ts(), terser({ format: { comments: false } })],
  output: { file, format: 'iife', name, sourcemap: true },
});

export default [
  ...packageBuilds,
  // The script-tag bundle: everything a storefront needs, self-contained.
  browserBundle('src/svc.ts', 'dist/svc.min.js', 'svc'),
  // The demo's mock platform: MSW browser worker + @svc/mock with fixtures.
  browserBundle('demo/mock.ts', 'dist/demo/mock.js', 'svcMock'),
  // The demo page's own code (uses window.svc and window.svcMock only).
  browserBundle('demo/app.ts', 'dist/demo/app.js', 'svcDemo'),
];
