import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { seedSessionFromPage } from './features/session/boot';
import { createQueryClient } from './lib/query-client';
import { warmIntl } from './lib/warm-intl';
import { preloadScreen } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

preloadScreen(window.location.pathname);
setTimeout(warmIntl, 0);
const queryClient = createQueryClient();
seedSessionFromPage(queryClient);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
