// PGlite's WebAssembly, compiled once per process and handed to every engine worker. A worker
// that compiled its own would spend a second of CPU on it at each start, and run cold code for a
// while after: a restarted engine would be slow just when requests are waiting for it.

import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface PgliteWasm {
  pglite: WebAssembly.Module
  initdb: WebAssembly.Module
}

/** The global WebAssembly object (Node's types declare only its namespace). */
const wasmApi = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> }
  }
).WebAssembly

let compiled: Promise<PgliteWasm> | null = null

async function compile(): Promise<PgliteWasm> {
  const dist = dirname(createRequire(__filename).resolve('@electric-sql/pglite'))
  const [pglite, initdb] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map(async (file) =>
      wasmApi.compile(await readFile(join(dist, file)))
    )
  )
  return { pglite, initdb }
}

export function compiledPgliteWasm(): Promise<PgliteWasm> {
  compiled ??= compile().catch((error: unknown) => {
    compiled = null
    throw error
  })
  return compiled
}
