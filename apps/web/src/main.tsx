import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';
import './index.css';

// Uncaught errors and unhandled rejections are only logged (spec section 8).
window.addEventListener('unhandledrejection', (event) => console.warn('unhandled rejection', event.reason));

void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
