// The page's client entry: hydrates the server's HTML of <App /> in #root.
import { hydrateRoot } from 'react-dom/client';
import { App } from './app';

const root = document.getElementById('root');
if (root) hydrateRoot(root, <App />);
