import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { productionCspMeta } from './scripts/lib/csp-meta'

// electron-vite builds three bundles: main (plus the local backend that main runs in a
// utilityProcess), the sandboxed preload, and the renderer.
export default defineConfig({
  main: {
    resolve: { alias: { '@shared': resolve('src/shared') } },
    // The built app ships the backend's workers as files (src/backend/worker-script.ts).
    define: { __APP_BUILD__: 'true' },
    build: {
      // Everything is bundled except `dependencies` in package.json: PGlite, which loads its
      // WebAssembly and data files from disk, and sharp (the backend's image transformations),
      // a native addon that loads its libvips binary from @img/*; both ship as files. sharp is
      // named too so it stays external even if the list changes. node-postgres lands in a chunk
      // of its own that only a DATABASE_URL start loads.
      externalizeDeps: { include: ['sharp'] },
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          backend: resolve('src/local/utility-entry.ts'),
          // The backend runs PGlite in this worker thread (src/backend/db/pglite-engine.ts).
          'pglite-worker': resolve('src/backend/db/pglite-worker.ts'),
          // and bcrypt in these (src/backend/auth/password-pool.ts).
          'password-worker': resolve('src/backend/auth/password-worker.ts')
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
