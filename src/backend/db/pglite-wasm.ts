// PGlite's WebAssembly, compiled once per process and handed to every engine worker. A worker
// that compiled its own would spend a second of CPU on it at each start, and run cold code for a
// while after: a restarted engine would be slow just when requests are waiting for it.

import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { setFlagsFromString } from 'node:v8'

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

/**
 * V8 optimizes the hot functions of Postgres in one background thread, not one per core: on two
 * cores the backend's CLI started in 1.4 s instead of 2.0 s (the compilers no longer take the
 * cores the start needs), and after warm-up the queries ran as fast (a 100,000-row group-by
 * 35-37 ms, a 1,000-row json_agg 1.96 ms, both timed in separate processes). Kept to V8's baseline
 * code instead, the start was 1.25 s but those queries took 52 ms and 2.5 ms. Process-wide, for
 * WebAssembly compiled after it: in the backend's process that is PGlite.
 */
const WASM_COMPILE_FLAG = '--wasm-num-compilation-tasks=1'

async function compile(): Promise<PgliteWasm> {
  setFlagsFromString(WASM_COMPILE_FLAG)
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
