// PGlite's WebAssembly stays V8's baseline (Liftoff) code (src/backend/db/pglite-wasm.ts): the
// optimizing compiler's code and memory held 65-95 MB more resident for the backend's life, for
// no measurable gain per request. V8 can say which tier a WebAssembly function runs at (its
// natives syntax, allowed at run time here); a hot function would be optimized within a fraction
// of a second without the flag.

import { setFlagsFromString } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { compiledPgliteWasm } from '../../../../src/backend/db/pglite-wasm'

/** The global WebAssembly object (Node's types declare only its namespace). */
const wasmApi = (
  globalThis as unknown as {
    WebAssembly: {
      Module: { exports(module: WebAssembly.Module): unknown[] }
      instantiate(bytes: Uint8Array): Promise<{ instance: { exports: Record<string, unknown> } }>
    }
  }
).WebAssembly

/** (module (func (export "addOne") (param i32) (result i32) local.get 0 i32.const 1 i32.add)) */
const ADD_ONE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 10, 1, 6, 97, 100, 100,
  79, 110, 101, 0, 0, 10, 9, 1, 7, 0, 32, 0, 65, 1, 106, 11
])

describe("PGlite's WebAssembly", () => {
  it('compiles PGlite, and WebAssembly after it, to baseline code that is never optimized', async () => {
    const { pglite } = await compiledPgliteWasm()
    expect(wasmApi.Module.exports(pglite).length).toBeGreaterThan(0)
    setFlagsFromString('--allow-natives-syntax')
    const tier = new Function(
      'f',
      'return %IsTurboFanFunction(f) ? "optimized" : %IsLiftoffFunction(f) ? "baseline" : "other"'
    ) as (f: unknown) => string
    const { instance } = await wasmApi.instantiate(ADD_ONE)
    const addOne = instance.exports.addOne as (n: number) => number
    let sum = 0
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 2_000_000; i++) sum += addOne(i) & 1
      await new Promise((settle) => setTimeout(settle, 100))
    }
    expect(sum).toBe(5_000_000)
    expect(tier(addOne)).toBe('baseline')
  })
})
