import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import {
  ISOLATED_INTEGRATION_FILES,
  ISOLATED_JSDOM_FILES,
  ISOLATED_UNIT_FILES
} from './tests/support/isolated-files'

const alias = { '@shared': resolve('src/shared'), '@renderer': resolve('src/renderer/src') }

/** The node projects' files: unit tests of shared, main (Electron mocked), backend, local and bench. */
const UNIT_FILES = [
  'tests/unit/shared/**/*.test.ts',
  'tests/unit/main/**/*.test.ts',
  'tests/unit/backend/**/*.test.ts',
  'tests/unit/local/**/*.test.ts',
  'tests/unit/bench/**/*.test.ts',
  'tests/unit/scripts/**/*.test.ts'
]

/** The integration project: the real backend on PGlite and on the test PostgreSQL server. */
function integration(test: { name: string; include: string[]; [option: string]: unknown }) {
  return {
    resolve: { alias },
    test: {
      environment: 'node',
      globalSetup: ['tests/support/global-setup.ts'],
      setupFiles: ['tests/support/prepared-setup.ts'],
      // A guard against hangs, not a speed goal: three forks share two cores, and on a loaded
      // machine a test that takes 10 s alone took over 30.
      testTimeout: 90_000,
      hookTimeout: 120_000,
      ...test
    }
  }
}

/** The jsdom projects' files: renderer components and stores. */
const JSDOM_FILES = [
  'src/renderer/src/**/*.test.{ts,tsx}',
  'tests/unit/renderer/**/*.test.{ts,tsx}'
]

/** A jsdom project: the renderer's components and stores in a simulated window. */
function jsdom(test: { name: string; include: string[]; [option: string]: unknown }) {
  return {
    resolve: { alias },
    plugins: [react()],
    test: {
      environment: 'jsdom',
      setupFiles: ['tests/unit/renderer/setup.ts'],
      // A guard against hangs: a file's first test also imports its components, which took
      // over 5 s (the default) with other suites on both cores.
      testTimeout: 20_000,
      css: { modules: { classNameStrategy: 'non-scoped' as const } },
      ...test
    }
  }
}

// Projects: node and node-isolated (unit tests of shared, main with electron mocked, and
// backend), integration and integration-isolated (the real local backend on PGlite and on the
// test PostgreSQL server, which only these start); the -isolated ones hold the files that mock a
// module (tests/support/isolated-files.ts); jsdom and jsdom-isolated (renderer components and
// stores, the same split). `npm run test:unit` runs the node and jsdom projects, `npm run test:integration` both
// integration projects, `npm run test:quick` all of them with the integration suites on PGlite
// only.
export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: a single worker on the 2-core machine.
    // Three forks keep both cores busy while integration files wait on the PostgreSQL server,
    // timers and sockets; files on PGlite and on PostgreSQL run side by side.
    pool: 'forks',
    maxWorkers: 3,
    reporters: ['default', './tests/support/timings/vitest-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: UNIT_FILES,
          exclude: ISOLATED_UNIT_FILES,
          testTimeout: 30_000,
          // As in the integration project: importing the sources was most of each file's time.
          isolate: false
        }
      },
      {
        resolve: { alias },
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: ISOLATED_UNIT_FILES,
          testTimeout: 30_000
        }
      },
      integration({
        name: 'integration',
        include: ['tests/integration/**/*.test.ts'],
        exclude: ISOLATED_INTEGRATION_FILES,
        // One process per worker for all its files: the backend's modules, PGlite's compiled
        // WebAssembly, the bundled engine worker and the migrated snapshot are loaded once per
        // worker instead of once per file (a third of the time went to importing).
        isolate: false
      }),
      integration({
        name: 'integration-isolated',
        include: ISOLATED_INTEGRATION_FILES
      }),
      jsdom({
        name: 'jsdom',
        include: JSDOM_FILES,
        exclude: ISOLATED_JSDOM_FILES,
        // As in the node project: one window and one module graph per worker for all its files
        // (React, the components and jsdom itself load once, not once per file, which was most
        // of each file's time); tests/unit/renderer/setup.ts puts the window back after each file.
        isolate: false
      }),
      jsdom({ name: 'jsdom-isolated', include: ISOLATED_JSDOM_FILES })
    ]
  }
})
