// The page's client entry: hydrates the server's HTML of App in #root, with the server's snapshot
// when the page carries one (a JSON data block: not a script, so the strict CSP allows it).
import { createSSRApp, h } from 'vue';
import type { RecommendationsSnapshot } from '../../../../src/vue';
import { App, SNAPSHOT_ID } from './app';

const data = document.getElementById(SNAPSHOT_ID)?.textContent;
const initial = data ? (JSON.parse(data) as RecommendationsSnapshot) : undefined;
createSSRApp({ render: () => h(App, { initial }) }).mount('#root');
