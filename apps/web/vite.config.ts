import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { startUpChunks } from './vite-start-up-chunks.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

// The app's start-up steps, in the order it loads them (main.tsx); the last is the home screen's page, which
// '/' redirects to.
const startUp = startUpChunks(path.dirname(fileURLToPath(import.meta.url)), [
  { name: 'start', module: 'src/main.tsx' },
  { name: 'router', module: 'src/app/router.tsx' },
  { name: 'app', module: 'src/app/App.tsx' },
  { name: 'home', module: 'src/features/dashboard/DashboardPage.tsx' },
]);

// The offline service worker (spec: /service-worker.js): the app's own files are precached, so it opens without a
// connection; translations are cached as they load. Of /api and /media only the background sounds' list and what a
// person downloaded (lib/downloads.ts, cleared at sign-out) are kept: the API answers differ by account, and a
// shared device must not show one account's prayers to the next. src/lib/service-worker.ts registers it after the
// first screen (decisions 013, 026).
const offline = VitePWA({
  strategies: 'generateSW',
  filename: 'service-worker.js',
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: {
    name: 'Selah',
    short_name: 'Selah',
    description: 'Listen to prayers, Bible meditations and affirmations, and create your own audio prayers.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#f6f2ea',
    theme_color: '#f6f2ea',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    // The manifest and its icon are added by the plugin itself.
    globPatterns: ['**/*.{js,css,html}'],
    // Push notifications: showing a message and opening the app from it (public/push-handler.js).
    importScripts: ['/push-handler.js'],
    // One file: no unhashed workbox-*.js beside it for the server to serve.
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // A new release takes over at once, and the first visit's page is controlled as soon as the worker is ready
    // (an open page of the old release loses nothing it would keep without a worker: the server has only the new files).
    skipWaiting: true,
    clientsClaim: true,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/(api|media|locales|health)(\/|$)/],
    runtimeCaching: [
      // Downloads (issue 22, lib/downloads.ts): the page keeps whole audio files and their cues in this cache; the
      // worker answers from it first, byte ranges included, ignoring the signature a private address carries. It
      // never adds to it itself (only answers with a header no server sends would qualify).
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/media\/(private\/[\w-]+\/)?[a-f0-9]{64}\.(mp3|m4a|vtt)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'selah-downloads',
          matchOptions: { ignoreSearch: true },
          rangeRequests: true,
          cacheableResponse: { headers: { 'x-selah-kept-by-the-page': 'yes' } },
        },
      },
      // The background sounds' list (public, the same for everyone): so a downloaded prayer's bed plays offline.
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/sounds',
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'selah-sounds', cacheableResponse: { statuses: [200] } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/locales\/[a-z]{2}\/[a-z0-9-]+\.json$/.test(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'selah-locales', cacheableResponse: { statuses: [200] } },
      },
    ],
  },
});

// `vite build --mode native` (npm run native:sync) makes the iOS and Android shell's copy: the app's files are
// inside the app, so no service worker; it talks to VITE_SERVER_URL (platform/server.ts, README "On phones").
export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), startUp.plugin, ...(mode === 'native' ? [] : [offline])],
  build: {
    outDir: mode === 'native' ? 'dist-native' : 'dist',
    sourcemap: true,
    target: 'es2022',
    // The manifest lets bench:bundle follow the start-up import graph.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: startUp.groups } } },
  },
  server: {
    port: 5173,
    // The page's own Host goes through (changeOrigin off): the server then sees a same-origin request, which its
    // origin checks on sign-in and on every write accept.
    proxy: Object.fromEntries(
      ['/api', '/locales', '/media', '/health'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
}));
