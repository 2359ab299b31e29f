import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/** Brotli and gzip copies of the built assets, served as they are by server/static/client-pages.ts. */
function precompress(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    async closeBundle() {
      const { files, bytes, brBytes } = await precompressAssets(fileURLToPath(new URL('./dist/client/assets', import.meta.url)));
      this.info(`precompressed ${files} assets: ${(bytes / 1024).toFixed(0)} KB → ${(brBytes / 1024).toFixed(0)} KB brotli`);
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/jwt': apiTarget,
    },
  },
});
