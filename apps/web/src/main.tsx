import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchConnectivity } from './features/offline/connectivity';
import { registerServiceWorker } from './features/offline/service-worker';
import { watchUncaughtErrors } from './lib/error-log';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

watchUncaughtErrors();
watchConnectivity();
registerServiceWorker();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
