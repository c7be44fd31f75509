import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { productionCspMeta } from './scripts/lib/csp-meta'

// electron-vite builds three bundles: main (plus the local backend that main runs in a
// utilityProcess), the sandboxed preload, and the renderer.
export default defineConfig({
  main: {
    resolve: { alias: { '@shared': resolve('src/shared') } },
    // The built app ships the database engine's worker as a file (src/backend/db/pglite-worker-script.ts).
    define: { __APP_BUILD__: 'true' },
    build: {
      // Everything is bundled except `dependencies` in package.json, which is PGlite alone: it
      // loads its WebAssembly and data files from disk, so it ships as files. node-postgres
      // lands in a chunk of its own that only a DATABASE_URL start loads.
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          backend: resolve('src/backend/utility-entry.ts'),
          // The backend runs PGlite in this worker thread (src/backend/db/pglite-engine.ts).
          'pglite-worker': resolve('src/backend/db/pglite-worker.ts')
        }
      }
    }
  },
  preload: {
    resolve: { alias: { '@shared': resolve('src/shared') } },
    build: {
      // A sandboxed preload cannot require node_modules, so it is one self-contained file.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve('src/preload/index.ts') } }
    }
  },
  renderer: {
    root: resolve('src/renderer'),
    resolve: {
      alias: { '@shared': resolve('src/shared'), '@renderer': resolve('src/renderer/src') }
    },
    plugins: [react(), productionCspMeta()],
    build: {
      // electron-vite leaves bundles unminified by default; the renderer parses faster minified.
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } }
    }
  }
})
