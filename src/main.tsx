/* main.tsx -- the page's entry: mounts the site (App.tsx) with its styles. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { ErrorBoundary } from './site/ErrorBoundary.js';
import { registerServiceWorker } from './offline/register.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary what="StackLab">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
