// `npm test` and `npm run test:quick`. The static checks are one process each on one core, so
// they run two at a time; then vitest and Playwright, which spread over both cores themselves.
// A failing step fails the run (its exit code is kept) and stops later phases. At the end: each
// phase's wall time, its CPU seconds and the cores busy meanwhile (scripts/lib/cpu-meter.ts), and
// the 20 slowest tests of the runs (scripts/slowest-tests.ts).
//
//   tsx scripts/run-tests.ts           everything (`npm test`)
//   tsx scripts/run-tests.ts --quick   unit tests and the integration suites on PGlite only

import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { TIMINGS_DIR } from '../tests/support/timings/timings'
import { startCpuMeter } from './lib/cpu-meter'
import { printSlowest } from './slowest-tests'

interface Step {
  name: string
  command: string[]
  env?: Record<string, string>
}

interface Phase {
  name: string
  /** Steps run at once; more than this wait. Steps of a parallel phase print when they end. */
  parallel: number
  steps: Step[]
}

const npx = (...args: string[]): string[] => ['npx', '--no-install', ...args]

const CHECKS: Phase = {
  name: 'static checks',
  parallel: 2,
  steps: [
    // Both tsconfig projects in one incremental build (.tsbuildinfo/): a second run rechecks
    // only what changed.
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'eslint', command: npx('eslint', '--max-warnings', '0', '.') },
    { name: 'prettier', command: npx('prettier', '--check', '--log-level', 'warn', '.') },
    { name: 'electronegativity', command: ['npm', 'run', '--silent', 'lint:electron'] }
  ]
}

const FULL: Phase[] = [
  CHECKS,
  { name: 'vitest', parallel: 1, steps: [{ name: 'vitest', command: npx('vitest', 'run') }] },
  {
    name: 'playwright',
    parallel: 1,
    steps: [{ name: 'playwright', command: npx('playwright', 'test') }]
  }
]

const QUICK: Phase[] = [
  {
    name: 'vitest (quick)',
    parallel: 1,
    steps: [
      {
        name: 'vitest',
        // Every project: node, jsdom and the integration ones.
        command: npx('vitest', 'run'),
        // The integration suites on PGlite only: no PostgreSQL server is started.
        env: { INSTAFRAME_TEST_DATABASES: 'pglite' }
      }
    ]
  }
]

interface Outcome {
  code: number
  output: string
}

function run(step: Step, buffered: boolean): Promise<Outcome> {
  return new Promise((resolvePromise) => {
    const [command, ...args] = step.command
    const child = spawn(command, args, {
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit'
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => resolvePromise({ code: 1, output: `${output}${error.message}\n` }))
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 1 : 0), output }))
  })
}

async function runPhase(phase: Phase): Promise<number> {
  const queue = [...phase.steps]
  let failed = 0
  const worker = async (): Promise<void> => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const started = Date.now()
      const outcome = await run(step, phase.parallel > 1)
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      if (phase.parallel > 1) {
        process.stdout.write(
          `${outcome.code === 0 ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s)\n`
        )
        if (outcome.code !== 0 || outcome.output.trim()) process.stdout.write(outcome.output)
      }
      if (outcome.code !== 0) failed = failed || outcome.code
    }
  }
  await Promise.all(Array.from({ length: phase.parallel }, worker))
  return failed
}

async function main(): Promise<void> {
  const phases = process.argv.includes('--quick') ? QUICK : FULL
  const times: string[] = []
  let code = 0
  // Only this run's timings are reported, not a phase's from an earlier run.
  rmSync(TIMINGS_DIR, { recursive: true, force: true })
  for (const phase of phases) {
    process.stdout.write(`\n== ${phase.name}\n`)
    const started = Date.now()
    const cpu = startCpuMeter()
    code = await runPhase(phase)
    const minutes = (Date.now() - started) / 60_000
    const used = cpu()
    times.push(
      `${minutes.toFixed(1).padStart(5)} min  ${phase.name}${code ? ' (failed)' : ''}${used ? `  (${used})` : ''}`
    )
    if (code) break
  }
  printSlowest(20)
  process.stdout.write(`\nWall time per phase:\n${times.join('\n')}\n`)
  process.exitCode = code
}

void main()
