import './app/zod-without-eval';
// First, so the first paint is already in the reader's theme.
import './shared/theme/color-scheme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppStore } from './app/store';
import { prepareLocale } from './shared/i18n/locale';
import { hasStoredUser } from './shared/session/user-storage-key';
import './app/global.css';

// A stored user is read with its schema, which comes with the signed-in screens: a visitor on
// /login without one never loads it.
const storedUser = hasStoredUser()
  ? (await import('./shared/session/user-storage')).readStoredUser()
  : null;
const store = createAppStore(storedUser);
// A French reader's first screen is French from its first paint.
await prepareLocale();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
