import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroupOf } from './bundling/chunk-groups.ts';
import { dashboardShellsPlugin, firstPagePlugin } from './bundling/first-page.ts';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    firstPagePlugin(),
    dashboardShellsPlugin(),
    VitePWA({
      registerType: 'prompt',
      filename: 'sw.js',
      scope: '/',
      injectRegister: false,
      includeAssets: ['favicon.png'],
      manifest: {
        name: 'VA Hub',
        short_name: 'VA Hub',
        description: 'Workforce platform for agencies of remote virtual assistants',
        theme_color: '#228be6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//],
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2}'],
      },
    }),
    // Brotli and gzip copies of every text file, made once at build time; the server sends the one the
    // browser accepts (apps/server/src/web.ts), so no request pays for compressing.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 256,
    }),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      // The app, and the dashboards' early reads (a chunk of its own, importing nothing: bundling/first-page.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'early-reads': fileURLToPath(new URL('./src/boot/early-reads.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // The first loads' chunks (bundling/chunk-groups.ts).
            {
              name: (id, ctx) => chunkGroupOf(id, (m) => ctx.getModuleInfo(m)),
              debugName: 'groups',
              priority: 2,
            },
            // Popovers' positioning engine is only needed by menus and selects, never by the first page.
            { name: 'floating-ui', test: /@floating-ui/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The realtime socket; listed before '/api', which would proxy it as plain HTTP.
      '/api/v1/ws': { target: 'ws://127.0.0.1:3000', ws: true },
      '/api': 'http://127.0.0.1:3000',
      '/oauth': 'http://127.0.0.1:3000',
    },
  },
});
