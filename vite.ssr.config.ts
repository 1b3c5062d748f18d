import { mergeConfig } from 'vite';
import viteConfig from './vite.config.ts';

/**
 * `vite build --config vite.ssr.config.ts --ssr src/web/app/entry-server.tsx`: the server renderer
 * of pages (dist/ssr), built with the SPA's own plugins (Lingui macros, catalogs). Its packages are
 * bundled in: React's production build is chosen at build time (at run time it would follow
 * NODE_ENV, which the server does not set), and the views share one React copy.
 */
export default mergeConfig(viteConfig, {
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: 'dist/ssr', manifest: false, sourcemap: true },
});
