import { defineConfig } from '@playwright/test'

// Browser specs run the web build (tests/e2e/global-setup.ts builds it once) in Debian's
// Chromium, two workers at a time, each with its own in-memory local backend serving that build
// (tests/e2e/support/test.ts). A spec file runs whole in one worker, unless it says its tests
// are independent (mode 'parallel': the long files, so no worker ends the run alone on one).
// Electron specs (*.electron.e2e.ts) skip themselves where no Electron binary is installed.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 2,
  // A spec that fails once under load gets one more try, so a single timing slip does not cost
  // a half-hour run; the list reporter names every spec that passed only on its retry ("flaky"),
  // and each of those is a bug to fix.
  retries: 1,
  // Two workers share two cores: the longest specs (several pages, axe on each) take 60-85 s
  // then, against 30-40 s alone.
  timeout: 120_000,
  // A sign-in or a save can take more than the default 5 s while both workers are busy.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./tests/support/timings/playwright-reporter.ts']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    // Fades and slides end at once (the app honours the system's reduced motion); a spec about
    // motion asks for 'no-preference' itself.
    reducedMotion: 'reduce',
    // A spec's retry records its trace with the DOM at every step: the first try records nothing,
    // so passing specs pay for no trace. No screencast film strip (a JPEG per painted frame).
    trace: { mode: 'on-first-retry', screenshots: false },
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
