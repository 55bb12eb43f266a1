import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest lets bench:bundle follow the start-up import graph.
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/locales': apiTarget, '/media': apiTarget, '/health': apiTarget },
  },
});
