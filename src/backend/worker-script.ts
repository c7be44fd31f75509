// Where a worker thread's code comes from. A built app has `<name>.js` beside its bundle
// (electron-vite builds each worker as an entry of its own, electron.vite.config.ts). Run from
// the TypeScript sources (tests, the bench, `npm run backend` through tsx), the worker is
// bundled once per process with esbuild into one CommonJS file: a worker started through tsx's
// loader took seconds to boot on a busy machine.

import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as Esbuild from 'esbuild'

/**
 * Defined (true) by the app's own build (electron.vite.config.ts), which ships each worker as a
 * file: there the bundler drops the sources path, and with it esbuild, which a built app has not.
 */
declare const __APP_BUILD__: boolean | undefined
const APP_BUILD = typeof __APP_BUILD__ !== 'undefined' && __APP_BUILD__

export interface WorkerScriptSpec {
  /** The built entry's name: `pglite-worker` is `pglite-worker.js` beside the bundle. */
  name: string
  /** The TypeScript entry, bundled when running from the sources. */
  source: string
  /** Packages kept out of the bundle and loaded from node_modules by absolute path. */
  external?: RegExp
  /** What a built app without the file says. */
  missing: string
}

/**
 * A packaged app keeps a worker's file outside its archive (electron-builder's asarUnpack): a
 * worker thread is started from a real file, so prefer `app.asar.unpacked/…` when it exists.
 */
function unpacked(file: URL): URL {
  const path = fileURLToPath(file)
  const outside = path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')
  return outside !== path && existsSync(outside) ? pathToFileURL(outside) : file
}

function builtScript(name: string): URL | null {
  // The bundle's code may sit in a chunk one folder below the entries.
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const built = pathToFileURL(join(__dirname, candidate))
    if (built.protocol === 'file:' && existsSync(fileURLToPath(built))) return unpacked(built)
  }
  return null
}

async function bundleFromSources(spec: WorkerScriptSpec): Promise<URL> {
  const require = createRequire(__filename)
  // Through require, so the app's bundler never follows it: a built app has no esbuild.
  const esbuild = require('esbuild') as typeof Esbuild
  const external = spec.external
  const result = await esbuild.build({
    entryPoints: [spec.source],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: external
      ? [
          {
            // Named by absolute path, because the bundle is written outside the project.
            name: 'external-by-path',
            setup(build) {
              build.onResolve({ filter: external }, (args) => ({
                path: require.resolve(args.path),
                external: true
              }))
            }
          }
        ]
      : []
  })
  const code = result.outputFiles[0].contents
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const file = join(tmpdir(), `instaframe-${spec.name}-${hash}.cjs`)
  if (!existsSync(file)) {
    // Written aside and renamed, so a process starting meanwhile never loads half a file.
    const partial = `${file}.${randomUUID()}`
    await writeFile(partial, code)
    await rename(partial, file)
  }
  return pathToFileURL(file)
}

const bundled = new Map<string, Promise<URL>>()

/** The worker's script, ready to start. */
export function workerScript(spec: WorkerScriptSpec): Promise<URL> {
  const built = builtScript(spec.name)
  if (built) return Promise.resolve(built)
  if (APP_BUILD) return Promise.reject(new Error(spec.missing))
  let script = bundled.get(spec.name)
  if (!script) {
    script = bundleFromSources(spec).catch((error: unknown) => {
      bundled.delete(spec.name)
      throw error
    })
    bundled.set(spec.name, script)
  }
  return script
}
