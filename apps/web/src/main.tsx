import './app/first-screen-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStudio } from './app/studio.ts';
import { StudioApp } from './app/studio-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StudioApp studio={createStudio()} />
  </StrictMode>,
);
