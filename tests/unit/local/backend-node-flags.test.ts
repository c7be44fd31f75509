// The backend's process starts with BACKEND_NODE_FLAGS wherever it is launched: the desktop app's
// utilityProcess (src/main/main-services.ts), `npm run backend` and the tests' child backend. The
// flag caps V8's young generation, which otherwise grows under request load and stays grown.

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BACKEND_NODE_FLAGS } from '../../../src/shared/backend-protocol'

const ROOT = resolve(__dirname, '../../..')

/** Allocates short-lived and medium-lived objects, as requests do, then prints the new space. */
const CHURN = `
let kept = []
for (let i = 0; i < 3e6; i++) {
  kept.push({ i, text: 'row ' + i })
  if (kept.length > 50000) kept = []
}
const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')
console.log(space.space_size)`

const newSpaceBytes = (flags: readonly string[]): number =>
  Number(execFileSync(process.execPath, [...flags, '-e', CHURN], { encoding: 'utf8' }).trim())

describe("the backend process's Node flags", () => {
  it('are the ones `npm run backend` passes to Node', () => {
    const scripts = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts
    for (const flag of BACKEND_NODE_FLAGS) expect(scripts.backend).toContain(` ${flag} `)
    expect(readFileSync(resolve(ROOT, 'src/main/main-services.ts'), 'utf8')).toContain(
      'execArgv: [...BACKEND_NODE_FLAGS]'
    )
  })

  it("keep V8's young generation small under allocation, where it grows without them", () => {
    const capped = newSpaceBytes(BACKEND_NODE_FLAGS)
    expect(capped).toBeLessThanOrEqual(4 * 1024 * 1024)
    expect(newSpaceBytes([])).toBeGreaterThan(capped * 2)
  })
})
