// The app's build (docs/decisions/196-vite.md): Remix's Vite plugin, with every v3 future flag on, so that moving to
// React Router 7 is its codemod and a package swap (docs/decisions/197-react-router-7.md). `npm run build`,
// `npm start` and the tests build through scripts/build.mjs; `npm run dev` serves through server.js with Vite's
// middleware (scripts/dev.mjs).
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    // Vite would gzip every chunk to print its size: a third of the build's time, for a figure `npm run bench` measures.
    reportCompressedSize: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // A resource route (app/routes/api.*, the feeds, the webhooks) has no code for the browser: its empty chunk is
        // expected. Rollup's notes on comments it drops in dependencies are not ours to act on.
        if (warning.code === 'EMPTY_BUNDLE' || warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
  plugins: [
    remix({
      // Separate build folders let test runs and the benchmark build beside `npm start`'s without clobbering it.
      buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
      serverModuleFormat: 'esm',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
