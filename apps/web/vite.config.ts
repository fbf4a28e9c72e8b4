import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: server, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The attendee origin's pages find their bundle's files through the manifest.
    manifest: true,
    rollupOptions: {
      // The studio (index.html) and the attendee pages' own small bundle (ARCHITECTURE §9).
      input: { studio: 'index.html', attendee: 'src/attendee/main.tsx' },
      // React and zod in chunks of their own: the attendee pages load React only for their React
      // islands (check-in desk, event app), and the registration page loads neither.
      output: {
        manualChunks: (id: string) =>
          /node_modules\/(react|react-dom|scheduler)\//.test(id)
            ? 'react'
            : /node_modules\/zod\//.test(id)
              ? 'zod'
              : /domain\/src\/(registration\/attendee-pages|registration\/messages)\.ts$/.test(id)
                ? 'attendee-domain'
                : undefined,
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // The root's projects (vitest.config.ts) say which files: shared modules, or modules of their own.
    setupFiles: ['src/test-setup.ts'],
    // Worker threads rather than child processes: jsdom and the imports start sooner (0.95x the
    // wall time of 14 files side by side, decisions.md).
    pool: 'threads',
    // Screens render slowly on a busy 2-core machine; waiting longer makes no test pass that should fail.
    testTimeout: 60_000,
  },
});
