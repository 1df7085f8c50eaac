/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { initialLoadBudget } from './build/initialLoadBudget';
import { precompress } from './build/precompress';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [
    react(),
    precompress(),
    // The sign-in screen on a cold visit (docs/BENCHMARKS.md, "First visit"): the build fails above it.
    initialLoadBudget({ route: 'src/features/auth/pages/LoginPage.tsx', maxKiB: 300 }),
  ],
  resolve: {
    // react-datasheet-grid → react-resize-detector@7 peers on react-dom 18, so npm nests a copy of
    // react-dom 18 under it; that copy crashes against React 19. One React, one react-dom.
    dedupe: ['react', 'react-dom'],
    alias: {
      '@portal/contracts': here('../../libs/contracts/src/index.ts'),
      '@portal/domain': here('../../libs/domain/src/index.ts'),
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Never public: WEB_SOURCEMAP=1 writes unreferenced maps for debugging (the server refuses *.map).
    sourcemap: process.env.WEB_SOURCEMAP === '1' ? 'hidden' : false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // @mantine/charts (and recharts) only load with the Operations screen.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/ },
            // Zod with the page's CSP set-up (csp.ts: `jitless` before any schema is built): a chunk
            // that every chunk holding schemas (the route table) imports, so it runs before them.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|[\\/]apps[\\/]web[\\/]src[\\/](csp|app[\\/]shellMeta)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    root: here('.'),
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: [here('./src/test/setup.ts')],
    css: false,
    restoreMocks: true,
    // One module registry and jsdom per worker: isolation re-imports Mantine, React and the app for each of the ~50 files (about 40 % of the stage).
    isolate: false,
    // A busy 2-core machine (CI, a laptop running the whole suite) slows a rendering test several-fold;
    // the 5 s default then fails tests that pass in 1 s on a quiet one.
    testTimeout: 30_000,
    // Pre-bundled through Vite's resolver (not Node's require), so `dedupe` above applies to the grid's dependencies.
    deps: { optimizer: { client: { enabled: true, include: ['react-datasheet-grid'] } } },
  },
});
