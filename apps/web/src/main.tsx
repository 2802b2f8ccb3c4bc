import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './app/router';
import { trackRouteLoading } from './app/route-loading';
import { App } from './app/app';
import './app/global.css';
import './app/shell/shell.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();
// Subscribed before the first render, so the first navigation already shows the indicator.
trackRouteLoading(router);

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
