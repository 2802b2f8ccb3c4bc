import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { htmlHeadPlugin } from './build/html-head-plugin';
import { entryAfterFirstPaintPlugin } from './build/entry-after-first-paint';
import { compiledCatalogsPlugin, parserlessAlias } from './build/compiled-catalogs';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const ZOD_WITHOUT_EVAL = fileURLToPath(
  new URL('./src/lib/browser/zod-without-eval.ts', import.meta.url),
);

/** Third-party code every screen needs; its own chunk so a deploy of our code keeps it cached. */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/** react-intl and the FormatJS runtime it formats ICU messages with. */
const INTL_PACKAGES = /[\\/]node_modules[\\/](react-intl|intl-messageformat|@formatjs)[\\/]/;

export default defineConfig(({ mode, isSsrBuild }) => {
  const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

  if (isSsrBuild) {
    // The prerenderer (`vite build --ssr src/prerender/render-page.tsx --outDir dist/server`):
    // the same components for the server to render at start. React and react-router stay
    // imports of node_modules; the contract's TypeScript sources are compiled in.
    return {
      root: webRoot,
      plugins: [react(), compiledCatalogsPlugin()],
      ssr: { noExternal: ['@unban/contract'] },
      build: {
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: {
          onwarn(warning, warn) {
            if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules'))
              return;
            warn(warning);
          },
          output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    };
  }

  return {
    // Fixed, so the config gives the same result whether it runs from the repo root or apps/web.
    root: webRoot,
    plugins: [
      react(),
      compiledCatalogsPlugin(),
      htmlHeadPlugin({ env: loadEnv(mode, webRoot, 'VITE_'), apiOrigin }),
      entryAfterFirstPaintPlugin(),
    ],
    resolve: {
      alias: [
        // zod configured not to use eval, which the CSP forbids (see the module).
        { find: /^zod$/, replacement: ZOD_WITHOUT_EVAL },
        // The catalogs arrive compiled (compiledCatalogsPlugin): no message parser in the browser.
        parserlessAlias(),
      ],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      rollupOptions: {
        onwarn(warning, warn) {
          // Comments in zod's sources that Rollup cannot place: harmless, and not ours to fix.
          if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
          warn(warning);
        },
        output: {
          // Rollup names a lazily imported screen after its file (home-screen, terms-screen …),
          // so the emitted list reads like the route table.
          entryFileNames: 'assets/[name]-[hash].js',
          chunkFileNames: 'assets/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
          manualChunks(id) {
            if (FRAMEWORK_PACKAGES.test(id)) return 'framework';
            // FormatJS (docs/decisions/024): loaded with the app on first use, under its name.
            if (INTL_PACKAGES.test(id)) return 'intl';
            // Loaded with the first screen that validates data, under a name that says what it is.
            if (/[\\/]node_modules[\\/]zod[\\/]/.test(id) || id === ZOD_WITHOUT_EVAL) return 'zod';
            return undefined;
          },
        },
      },
    },
    server: {
      proxy: { '/api': { target: apiOrigin } },
    },
    preview: {
      proxy: { '/api': { target: apiOrigin } },
    },
  };
});
