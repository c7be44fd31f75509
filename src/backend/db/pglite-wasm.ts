// PGlite's WebAssembly, compiled once per process and handed to every engine worker. A worker
// that compiled its own would spend a second of CPU on it at each start, and run cold code for a
// while after: a restarted engine would be slow just when requests are waiting for it.
//
// The code stays V8's baseline (Liftoff) code: V8 otherwise recompiles each function Postgres runs
// often with its optimizing compiler (TurboFan), in background threads, from the first start on.
// That held 65-95 MB more resident for the backend's life (the optimized code and the compilers'
// freed but unreturned memory) and slowed the start, for no gain measured per request: on 100,000
// posts, timed in turns, a feed page's p50 was the same and the backend spent less CPU on 500 of
// them (no compiles), and a 1,000-row read cost about the same CPU.

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

/** V8's flag for baseline code only: it applies to WebAssembly compiled after it is set. */
const BASELINE_WASM_FLAG = '--liftoff-only'

async function compile(): Promise<PgliteWasm> {
  // Process-wide, for any WebAssembly compiled after it: in the backend's process that is PGlite.
  setFlagsFromString(BASELINE_WASM_FLAG)
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
