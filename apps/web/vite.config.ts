import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server (apps/server) serves apps/web/dist with an SPA fallback; in development Vite proxies /api to it.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build (scripts, styles, SVG
 * pictures), made once at build time at the highest levels, for a server that sends them to browsers that
 * accept them (@fastify/static's `preCompressed`). index.html is left out: the server fills in each page's
 * own title and preview tags.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kept-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|xml)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`))
          continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Installable Kept (decision 036): the web app manifest (linked from index.html by the plugin) and the
 * service worker sw/service-worker.ts, built with its precache list of the app's shell. The app
 * registers it itself (lib/service-worker.ts), after the page has loaded.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'service-worker.ts',
  injectRegister: null,
  manifest: {
    id: '/',
    name: 'Kept',
    short_name: 'Kept',
    description: 'Beat procrastination with money on the line: a refundable deposit, regular check-ins.',
    start_url: '/my-projects',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#047857',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell: scripts, styles, the page, the mark and the icons. Pictures load when shown, not before.
    globPatterns: ['**/*.{js,css,html}', 'favicon.svg', 'icons/icon-192.png'],
    globIgnores: ['**/.vite/**'],
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), pwa, precompress()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: process.env.KEPT_WEB_OUT_DIR ?? 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: lets the browser tests check the JS budget per screen.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Our shared packages are pure (rules and schemas, no import-time effects): let unused parts drop out.
        moduleSideEffects: [{ test: /[\\/]packages[\\/](domain|contract)[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
