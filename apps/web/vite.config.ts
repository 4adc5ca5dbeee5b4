import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The server (apps/server) serves apps/web/dist with an SPA fallback; in development Vite proxies /api to it.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
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
