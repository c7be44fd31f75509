// The backend's process starts with BACKEND_NODE_FLAGS wherever it is launched: the desktop app's
// utilityProcess (src/main/main-services.ts), `npm run backend` and the tests' child backend. The
// flag caps V8's young generation, which otherwise grows under request load and stays grown.
// BACKEND_ENV (not from `npm run backend`) has glibc give freed memory back.

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BACKEND_ENV, BACKEND_NODE_FLAGS } from '../../../src/shared/backend-protocol'

const ROOT = resolve(__dirname, '../../..')

// The children print strings: npm test sets FORCE_COLOR, under which a logged number is coloured.

/** Allocates short-lived and medium-lived objects, as requests do, then prints the new space. */
const CHURN = `
let kept = []
for (let i = 0; i < 3e6; i++) {
  kept.push({ i, text: 'row ' + i })
  if (kept.length > 50000) kept = []
}
const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')
console.log(String(space.space_size))`

/**
 * In a thread (its own malloc arena, as V8's compile threads have), allocates 160 MB in 32 KB
 * blocks, frees nine in ten, and prints how much the process holds more than before.
 */
const FRAGMENT = `
const { Worker } = require('node:worker_threads')
const rss = () => process.memoryUsage().rss
const before = rss()
new Worker(\`
  const blocks = []
  for (let i = 0; i < 5000; i++) blocks.push(Buffer.allocUnsafeSlow(32 * 1024).fill(1))
  const kept = blocks.filter((_, i) => i % 10 === 0)
  blocks.length = 0
  globalThis.gc()
  // Array buffers are freed after the collection, off the thread: give them a moment.
  setTimeout(() => {
    globalThis.gc()
    require('node:worker_threads').parentPort.postMessage(kept.length)
  }, 200)
\`, { eval: true }).once('message', () =>
  console.log(String(rss() - before)))`

const heldAfterFreeing = (env: Record<string, string>): number =>
  Number(
    execFileSync(process.execPath, ['--expose-gc', '-e', FRAGMENT], {
      encoding: 'utf8',
      env: { ...process.env, ...env }
    }).trim()
  )

const newSpaceBytes = (flags: readonly string[]): number =>
  Number(execFileSync(process.execPath, [...flags, '-e', CHURN], { encoding: 'utf8' }).trim())

describe("the backend process's Node flags", () => {
  it('are the ones `npm run backend` passes to Node', () => {
    const scripts = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts
    for (const flag of BACKEND_NODE_FLAGS) expect(scripts.backend).toContain(` ${flag} `)
    const main = readFileSync(resolve(ROOT, 'src/main/main-services.ts'), 'utf8')
    expect(main).toContain('execArgv: [...BACKEND_NODE_FLAGS]')
    expect(main).toContain('env: { ...process.env, ...BACKEND_ENV }')
  })

  it.runIf(process.platform === 'linux')(
    'with its environment, memory a thread frees goes back to the system, where it stays without',
    () => {
      const held = heldAfterFreeing(BACKEND_ENV)
      expect(held).toBeLessThan(60 * 1024 * 1024)
      expect(heldAfterFreeing({})).toBeGreaterThan(held + 80 * 1024 * 1024)
    }
  )

  it("keep V8's young generation small under allocation, where it grows without them", () => {
    const capped = newSpaceBytes(BACKEND_NODE_FLAGS)
    expect(capped).toBeLessThanOrEqual(4 * 1024 * 1024)
    expect(newSpaceBytes([])).toBeGreaterThan(capped * 2)
  })
})
