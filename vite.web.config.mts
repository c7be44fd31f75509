import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { productionCspMeta } from './scripts/lib/csp-meta'

// The same renderer, built as a plain web app that talks to Supabase from the page
// (src/renderer/src/platform/browser.ts). Used by `npm run start:web` and the browser tests.
export default defineConfig({
  root: resolve('src/renderer'),
  base: './',
  resolve: {
    alias: { '@shared': resolve('src/shared'), '@renderer': resolve('src/renderer/src') }
  },
  plugins: [react(), productionCspMeta()],
  build: { outDir: resolve('dist-web'), emptyOutDir: true }
})
