import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const alias = { '@shared': resolve('src/shared'), '@renderer': resolve('src/renderer/src') }

// Two projects: node (shared, main with electron mocked, backend, integration) and jsdom
// (renderer components and stores).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/unit/shared/**/*.test.ts',
            'tests/unit/main/**/*.test.ts',
            'tests/unit/backend/**/*.test.ts',
            'tests/integration/**/*.test.ts'
          ],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000
        }
      },
      {
        resolve: { alias },
        plugins: [react()],
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: [
            'src/renderer/src/**/*.test.{ts,tsx}',
            'tests/unit/renderer/**/*.test.{ts,tsx}'
          ],
          setupFiles: ['tests/unit/renderer/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } }
        }
      }
    ]
  }
})
