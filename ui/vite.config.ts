// Vite build for the Tauri shell: relative asset paths, output in ui/dist, no dev-server surprises.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: './',
  clearScreen: false,
  // The UI imports the catalogues every host shares (crates/words/locales/*.json), so the
  // dev server may read the repository root.
  server: { port: 1420, strictPort: true, fs: { allow: ['..'] } },
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
