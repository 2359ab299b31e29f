import path from 'node:path';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets';
import type { writeSignInPage } from './scripts/prerender-sign-in';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/** Brotli and gzip copies of the built assets, served as they are by server/core/http/client-pages.ts. */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      // The build's own output folder (a caller may build elsewhere).
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const { files, bytes, brBytes } = await precompressAssets(assetsDir);
      this.info(`precompressed ${files} assets: ${(bytes / 1024).toFixed(0)} KB → ${(brBytes / 1024).toFixed(0)} KB brotli`);
    },
  };
}

/** sign-in.html: index.html with the sign-in card already drawn, sent by the server for `/` (scripts/prerender-sign-in.tsx). */
function prerenderSignIn(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Loaded through tsx: the card is the client's own TSX, rendered here with react-dom/server.
      const prerender = (await tsImport('./scripts/prerender-sign-in.tsx', import.meta.url)) as { writeSignInPage: typeof writeSignInPage };
      await prerender.writeSignInPage(outDir);
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), precompress(), prerenderSignIn()],
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
