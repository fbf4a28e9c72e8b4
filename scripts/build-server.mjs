// Bundles the server (its TypeScript and the workspace packages it imports) into one ES module,
// apps/server/dist/main.mjs, which `npm run serve` runs with plain Node: a start then compiles no
// TypeScript and resolves one file instead of hundreds. The npm packages stay in node_modules,
// imported as they are (native addons, PGlite's WebAssembly beside its own files).
import { build } from 'esbuild';

const outfile = 'apps/server/dist/main.mjs';
const started = Date.now();
await build({
  entryPoints: ['apps/server/src/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // The vendored RTMP protocol files are CommonJS and require Node's modules.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'npm-packages-external',
      setup(bundler) {
        // A bare import is an npm package (left to Node) unless it is one of ours (@studio/…).
        bundler.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          path.startsWith('@studio/') ? undefined : { path, external: true },
        );
      },
    },
  ],
});
console.log(`server bundled in ${Date.now() - started} ms: ${outfile}`);
