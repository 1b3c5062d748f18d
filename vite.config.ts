import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { API_PREFIX } from './src/config/constants.ts';
import { buildInfoPlugin } from './src/build/build-info-plugin.ts';
import { precompressPlugin } from './src/build/precompress-plugin.ts';
import { routesPlugin } from './src/build/routes-plugin.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

/** A chunk of these source files (paths from the repository root) alone: what they import stays where it is. */
function filesChunk(name: string, files: readonly string[]) {
  const ids = new Set(files.map((file) => fileURLToPath(new URL(file, import.meta.url))));
  return { name, test: (id: string) => ids.has(id), includeDependenciesRecursively: false };
}

export default defineConfig({
  plugins: [
    // The Lingui macros (`t`, `<Trans>`) are compiled away by Babel before React's transform.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    buildInfoPlugin(),
    // The route table's loaders, the later-screens chunk and the server's preload map, from src/web/app/route-manifest.ts.
    routesPlugin(),
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
        // Chunks and style sheets are named by their hash alone: the entry lists every file a
        // navigation may preload and each chunk names the files it imports, so readable names cost
        // 0.3–0.4 KB brotli in every first screen (`npm run size`). The build manifest and the
        // source maps still name each chunk's modules.
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
        // Everything the entry imports statically goes into the entry chunk: the browser needs it all
        // before the first screen anyway, and one file compresses better than 13 (4–5 KB less brotli
        // per first screen). What is loaded later keeps its own chunks.
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'] },
            // Files several first screens share, each group in one file rather than one per set of
            // importers: a file costs its own compression and imports (`npm run size` measures it).
            // The sign-in page's form: the only account screen that is a first screen; the other
            // account screens load it too.
            filesChunk('account-form', [
              'machines/account/account-form.machine.ts',
              'machines/account/account-form.definition.ts',
              'machines/account/account-form.failure.ts',
              'machines/account/account-form.connect.ts',
              'machines/account/forms/sign-in.form.ts',
              'src/contract/account-constants.ts',
              'src/contract/sign-in.ts',
              'src/web/features/account/form-parts.tsx',
              'src/web/features/account/return-to-query.ts',
              'src/web/features/account/sign-in-api.ts',
              'src/web/features/account/account-api-paths.ts',
            ]),
            // The catalogue's answer schemas: loaded with the first read (catalog-api.ts, listing.tsx),
            // never on a first screen, which hydrates from the page's snapshots.
            filesChunk('catalog', ['src/contract/catalog.ts']),
            // The catalogue's API calls and the panel that offers a retry when one fails: the home,
            // listing and product pages load both, as one file rather than two.
            filesChunk('catalog-calls', ['src/web/shared/api/catalog-api.ts', 'src/web/shared/ui/retry.tsx']),
            // What every product card and the product page show (prices, badges, the formatting they
            // use, "Add to bag" with its count event, the wish-list heart and the press handling they
            // share): one chunk, whichever later screen also imports a part (the bag and the wish list
            // show prices, the header's count hears the event). Split by importers, it became one more
            // file on every listing and product page.
            filesChunk('price', [
              'src/web/shared/site/format.ts',
              'src/web/shared/ui/price.tsx',
              'src/web/shared/ui/badges.tsx',
              'src/web/shared/bag/add-to-bag/add-to-bag-button.tsx',
              'src/web/shared/bag/add-to-bag/count-event.ts',
              'src/web/shared/ui/wishlist-heart.tsx',
              'src/web/shared/ui/wishlist-live.ts',
              'src/web/shared/ui/product-actions.ts',
            ]),
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
