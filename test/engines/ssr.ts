// The pages the shop (servers.ts) renders at each request, at /engines/ssr/<name>, as a shop's
// server renders its app: the Playwright suite's React and Vue apps (test/e2e/pages/react,
// test/e2e/pages/vue) rendered to HTML here, in Node, and hydrated in the engine by their bundles
// of the build (dist/react-page/app.js, dist/vue-page/app.js: development builds, which report a
// mismatch: React as an `error` event, Vue as a console warning).
import { createElement } from 'react';
import { renderToString as renderReact } from 'react-dom/server';
import { createSSRApp, h } from 'vue';
import { renderToString as renderVue } from 'vue/server-renderer';
import type { RecommendationsSnapshot } from '../../src/recommendations';
import { App as ReactApp } from '../e2e/pages/react/app';
import { App as VueApp } from '../e2e/pages/vue/app';

/** Cards the server renders where the client, with no snapshot on the page, renders `loading`. */
const CARDS: RecommendationsSnapshot = {
  items: ['p1', 'p2'].map((id, i) => ({ id, weight: 9 - i, strategy: 'popular', details: { name: id } })),
  status: 'ready',
  error: null,
};

/**
 * A page around `html` in #root: watch.js first (it sees every warning), svc.min.js with no
 * tracker (the shop points its endpoints at the platform), then the app's bundle.
 */
const page = (title: string, bundle: string, html: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>engines: ${title}</title>
  <script src="/engines/watch.js"></script>
  <script src="/dist/svc.min.js"></script>
  <script src="${bundle}" defer></script>
</head>
<body><div id="root">${html}</div></body>
</html>`;

const react = (initial?: RecommendationsSnapshot) =>
  page('React rendered on the server', '/dist/react-page/app.js', renderReact(createElement(ReactApp, { initial })));
const vue = async (initial?: RecommendationsSnapshot) =>
  page(
    'Vue rendered on the server',
    '/dist/vue-page/app.js',
    await renderVue(createSSRApp({ render: () => h(VueApp, { initial }) })),
  );

/**
 * Each page by name. With no snapshot the server renders each widget's `loading` state, as the
 * client does first; a `mismatch` page renders cards the client does not.
 */
export const SSR_PAGES: Partial<Record<string, () => Promise<string>>> = {
  'react.html': async () => react(),
  'vue.html': () => vue(),
  'react-mismatch.html': async () => react(CARDS),
  'vue-mismatch.html': () => vue(CARDS),
};
