// Where the PGlite worker's code comes from. A built app has pglite-worker.js beside its bundle
// (electron-vite builds it as an entry of its own). Run from the TypeScript sources (tests, the
// bench, `npm run backend` through tsx), the worker is bundled once per process with esbuild
// into one CommonJS file: a worker started through tsx's loader took seconds to boot on a busy
// machine, and every engine restart would have waited for it.

import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as Esbuild from 'esbuild'

let script: Promise<URL> | null = null

/**
 * Defined (true) by the app's own build (electron.vite.config.ts), which ships the worker as a
 * file: there the bundler drops the sources path, and with it esbuild, which a built app has not.
 */
declare const __APP_BUILD__: boolean | undefined
const APP_BUILD = typeof __APP_BUILD__ !== 'undefined' && __APP_BUILD__

/**
 * A packaged app keeps the worker's file outside its archive (electron-builder's asarUnpack):
 * a worker thread is started from a real file, so prefer `app.asar.unpacked/…` when it exists.
 */
function unpacked(file: URL): URL {
  const path = fileURLToPath(file)
  const outside = path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')
  return outside !== path && existsSync(outside) ? pathToFileURL(outside) : file
}

function builtScript(): URL | null {
  for (const candidate of ['./pglite-worker.js', '../pglite-worker.js']) {
    const built = pathToFileURL(join(__dirname, candidate))
    if (built.protocol === 'file:' && existsSync(fileURLToPath(built))) return unpacked(built)
  }
  return null
}

async function bundleFromSources(): Promise<URL> {
  const require = createRequire(__filename)
  // Through require, so the app's bundler never follows it: a built app has no esbuild.
  const esbuild = require('esbuild') as typeof Esbuild
  const result = await esbuild.build({
    entryPoints: [join(__dirname, 'pglite-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        // PGlite stays a package of its own (it loads its WebAssembly beside its files), named
        // by absolute path because the bundle is written outside the project.
        name: 'pglite-by-path',
        setup(build) {
          build.onResolve({ filter: /^@electric-sql\/pglite/ }, (args) => ({
            path: require.resolve(args.path),
            external: true
          }))
        }
      }
    ]
  })
  const code = result.outputFiles[0].contents
  const name = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const file = join(tmpdir(), `instaframe-pglite-worker-${name}.cjs`)
  if (!existsSync(file)) {
    // Written aside and renamed, so a process starting meanwhile never loads half a file.
    const partial = `${file}.${randomUUID()}`
    await writeFile(partial, code)
    await rename(partial, file)
  }
  return pathToFileURL(file)
}

/** The worker's script, ready to start. */
export function pgliteWorkerScript(): Promise<URL> {
  const built = builtScript()
  if (built) return Promise.resolve(built)
  if (APP_BUILD) return Promise.reject(new Error('The database engine is missing from this build'))
  script ??= bundleFromSources().catch((error: unknown) => {
    script = null
    throw error
  })
  return script
}
