// Vite build for the Tauri shell: relative asset paths, output in ui/dist, no dev-server surprises.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: './',
  clearScreen: false,
  server: { port: 1420, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
