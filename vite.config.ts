import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { API_PREFIX } from './src/config/constants.ts';
import { buildInfoPlugin } from './src/build/build-info-plugin.ts';
import { precompressPlugin } from './src/build/precompress-plugin.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [
    // The Lingui macros (`t`, `<Trans>`) are compiled away by Babel before React's transform.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    buildInfoPlugin(),
    // Hashed assets are compressed once here, served as files (src/server/http/static.ts).
    precompressPlugin(),
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the shim's fallback (and the shim's with-selector) would
      // only add bytes to every first screen. The non-shim with-selector uses React's hook.
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/web/shared/react-sync-store.ts', import.meta.url)) },
    ],
  },
  // Static files copied as they are (favicon, social image): kept inside src/web with the SPA.
  publicDir: 'src/web/public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the store supports preloads modules itself (Chromium, Firefox 115, Safari 17):
    // the polyfill would be bytes in every first screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk: the browser needs it all
        // before the first screen anyway, and one file compresses better than 13 (4–5 KB less brotli
        // per first screen). What is loaded later keeps its own chunks.
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'] },
            // What every product card and the product page show (price, badges, the wish-list heart):
            // one chunk, whichever later screen also imports a part (the wish list shows prices). Split
            // by importers, it became one more file on every listing and product page.
            { name: 'product-parts', test: /src[\\/]web[\\/]shared[\\/]ui[\\/](?:price|badges|wishlist-heart)\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8080),
    // `npm run dev`: Vite serves the SPA with hot reload, the API runs beside it.
    proxy: { [API_PREFIX]: `http://127.0.0.1:${apiPort}` },
  },
});
