import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import type { ProxyOptions } from 'vite';
import { worldShapesPlugin } from './world-shapes-plugin.ts';
import { zodWithoutJsonSchemaPlugin } from './zod-without-json-schema-plugin.ts';

const apiTarget = 'http://127.0.0.1:8080';

/**
 * API prefixes forwarded to the control plane in development (and by `vite preview`).
 * Each key ends with '/' so the console's own routes stay with the SPA: `/clusters`,
 * `/domain` and `/billing` are screens, `/cluster/…`, `/domain/…` and `/billing/…` are API calls.
 */
const apiPrefixes = [
  '/auth/',
  '/meridian/',
  '/cluster/',
  '/domain/',
  '/billing/',
  '/intelligence/',
  '/certificate/',
  '/monitoring/',
];

const proxy: Record<string, string | ProxyOptions> = {
  ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiTarget])),
  // The event service also carries the socket.io channel.
  '/event/': { target: apiTarget, ws: true },
  // OpenAPI UI and document: `/docs` and everything below it.
  '^/docs(/|$)': apiTarget,
};

export default defineConfig({
  plugins: [
    react(),
    worldShapesPlugin(),
    zodWithoutJsonSchemaPlugin(),
    // Brotli and gzip twins of every text asset, written at build time: the server sends the one
    // the browser accepts (@fastify/static preCompressed) without compressing per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
});
