// First, before anything that builds zod schemas (see zod-config.ts).
import './app/zod-config.js';
// i18n must be initialised before the first component calls useTranslation.
import './app/i18n.js';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
