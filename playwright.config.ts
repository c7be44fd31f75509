import { defineConfig } from '@playwright/test'

// Browser specs run the web build in Debian's Chromium against an in-memory local backend
// that tests/e2e/global-setup.ts starts. Electron specs (*.electron.e2e.ts) skip themselves
// where no Electron binary is installed.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run'
      ]
    }
  }
})
