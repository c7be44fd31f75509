// Where the PGlite worker's code comes from (see ../worker-script.ts): pglite-worker.js beside a
// built app's bundle, or pglite-worker.ts bundled with esbuild when running from the sources.

import { join } from 'node:path'
import { workerScript } from '../worker-script'

/** The worker's script, ready to start. */
export function pgliteWorkerScript(): Promise<URL> {
  return workerScript({
    name: 'pglite-worker',
    source: join(__dirname, 'pglite-worker.ts'),
    // PGlite stays a package of its own: it loads its WebAssembly beside its files.
    external: /^@electric-sql\/pglite/,
    missing: 'The database engine is missing from this build'
  })
}
