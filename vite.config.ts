import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets';

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
    configResolved(resolved) {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    async closeBundle() {
      // A process of its own: the card is the client's TSX, and React must load there in one mode
      // (a build started from a process that already loaded React would mix development and production).
      await promisify(execFile)(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./scripts/prerender-sign-in.tsx', import.meta.url)), outDir], {
        env: { ...process.env, NODE_ENV: 'production' },
      });
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
    rolldownOptions: {
      treeshake: {
        // antd's form context imports the FormProvider from @rc-component/form's index, and the
        // package does not say it is free of side effects, so every page drawn with antd carried the
        // whole form engine (Field, List, useForm, async-validator: 7.5 KB gzip). It is: its modules
        // only declare. Pages with forms still get what they use.
        moduleSideEffects: [{ test: /node_modules\/@rc-component\/(form|async-validator)\//, sideEffects: false }],
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/jwt': apiTarget,
      // The sandbox payment provider the card form hands cards to (never /api).
      '/sandbox': apiTarget,
    },
  },
});
