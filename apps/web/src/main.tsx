import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { screenOfPath } from '@kept/contract';
import { App } from './app';
import { seedSessionFromPage } from './features/session';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { warmIntlFor } from './lib/warm-intl';
import { preloadScreen } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

preloadScreen(window.location.pathname);
warmIntlFor(screenOfPath(window.location.pathname));
const queryClient = createQueryClient();
seedSessionFromPage(queryClient);

// A transition: React renders the first screen in slices that yield to the browser every few
// milliseconds, instead of in one long task. The page's own loading indicator stays up until it is done.
registerServiceWorker();

const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
