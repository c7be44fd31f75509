// A vitest reporter that only records durations (timings.ts); the default reporter still prints.

import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { writeTimings, type Timing } from './timings'

export default class TimingsReporter implements Reporter {
  private startedAt = Date.now()

  onTestRunStart(): void {
    this.startedAt = Date.now()
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tests: Timing[] = []
    const files: Timing[] = []
    for (const module of modules) {
      const where = module.project.name
      const file = relative(process.cwd(), module.moduleId)
      files.push({ where, file, name: file, ms: module.diagnostic().duration })
      for (const test of module.children.allTests()) {
        const duration = test.diagnostic()?.duration
        if (duration !== undefined) tests.push({ where, file, name: test.fullName, ms: duration })
      }
    }
    writeTimings('vitest', {
      endedAt: new Date().toISOString(),
      wallMs: Date.now() - this.startedAt,
      tests,
      files
    })
  }
}
