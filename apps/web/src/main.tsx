import './app/first-screen-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadOnStaleBuild } from './app/stale-build.ts';
import { createStudio } from './app/studio.ts';
import { StudioApp } from './app/studio-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

reloadOnStaleBuild(window);

// index.html's placeholder stays painted until the first page's session and code are in: rendering
// earlier showed a blank page while they loaded (the router draws nothing for its first second).
const studio = createStudio();
void studio.router.load().finally(() =>
  createRoot(container).render(
    <StrictMode>
      <StudioApp studio={studio} />
    </StrictMode>,
  ),
);
