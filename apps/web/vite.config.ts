import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // @mantine/dates brings a second @mantine/core; the app and its widgets must share one.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    proxy: { '/api': { target: server, ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test-setup.ts'],
    // Screens render slowly on a busy 2-core machine; waiting longer makes no test pass that should fail.
    testTimeout: 30_000,
  },
});
