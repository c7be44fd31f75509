// A Playwright reporter that only records durations (timings.ts); the list reporter still prints.

import { relative } from 'node:path'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { writeTimings, type Timing } from './timings'

export default class TimingsReporter implements Reporter {
  private startedAt = Date.now()
  private readonly tests: Timing[] = []
  private readonly files = new Map<string, number>()

  onBegin(): void {
    this.startedAt = Date.now()
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file)
    const name = test.titlePath().slice(3).join(' > ')
    this.tests.push({ where: 'playwright', file, name, ms: result.duration })
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration)
  }

  onEnd(_result: FullResult): void {
    writeTimings('playwright', {
      endedAt: new Date().toISOString(),
      wallMs: Date.now() - this.startedAt,
      tests: this.tests,
      files: [...this.files].map(([file, ms]) => ({ where: 'playwright', file, name: file, ms }))
    })
  }
}
