import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), startUp.plugin],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // The manifest lets bench:bundle follow the start-up import graph.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: startUp.groups } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/locales': apiTarget, '/media': apiTarget, '/health': apiTarget },
  },
});
