// The carousel page's client entry: hydrates the server's HTML of <CarouselApp /> in #root.
import { hydrateRoot } from 'react-dom/client';
import { CarouselApp } from './carousel';

const root = document.getElementById('root');
if (root) hydrateRoot(root, <CarouselApp />);
