import { StrictMode, startTransition } from 'react';
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

// A transition: React renders the first screen in slices that yield to the browser every few
// milliseconds, instead of in one long task. The page's own loading indicator stays up until it is done.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
