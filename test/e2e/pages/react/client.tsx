// The page's client entry: hydrates the server's HTML of <App /> in #root, with the server's
// snapshot when the page carries one (a JSON data block: not a script, so the strict CSP allows it).
import { hydrateRoot } from 'react-dom/client';
import type { RecommendationsSnapshot } from '../../../../src/react';
import { App, SNAPSHOT_ID } from './app';

const root = document.getElementById('root');
const data = document.getElementById(SNAPSHOT_ID)?.textContent;
const initial = data ? (JSON.parse(data) as RecommendationsSnapshot) : undefined;
if (root) hydrateRoot(root, <App initial={initial} />);
