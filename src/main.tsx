/* main.tsx -- the page's entry: mounts the site (App.tsx) with its styles. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { ErrorBoundary } from './site/ErrorBoundary.js';
import { registerServiceWorker } from './offline/register.js';
import { watchForUpdates } from './offline/update.js';
import { prestartSimWorkers } from './lab/worker-factory.js';
import { showsLab } from './lab/url.js';
import './styles.css';

// A build made with STACKLAB_BUILD_LABEL carries its name (the update spec tells two deploys apart by it).
if (import.meta.env.STACKLAB_BUILD_LABEL) document.documentElement.dataset.build = import.meta.env.STACKLAB_BUILD_LABEL;
watchForUpdates();

// A page that shows a lab starts its simulation worker now, so that the worker's script, the wasm
// core's fetch and its compile run while React draws the shell (lab/worker-factory.ts).
if (showsLab(window.location.hash)) prestartSimWorkers(1);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary what="StackLab">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
