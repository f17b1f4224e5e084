import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { wireSession } from './app/session-wiring';
import { createAppStore } from './app/store';
import './app/global.css';

const store = createAppStore();
const router = createAppRouter();
wireSession(store, router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
