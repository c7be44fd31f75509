import { describe, expect, it } from 'vitest'
import {
  CRASH_WINDOW_MS,
  MAX_RELOADS_PER_WINDOW,
  createCrashRecovery,
  needsRecovery
} from '../../../src/main/window/crash-recovery'

describe('renderer crash recovery', () => {
  it('a crash offers Reload; a clean exit (the window closing) needs nothing', () => {
    expect(needsRecovery({ reason: 'crashed', exitCode: 139 })).toBe(true)
    expect(needsRecovery({ reason: 'oom', exitCode: 0 })).toBe(true)
    expect(needsRecovery({ reason: 'clean-exit', exitCode: 0 })).toBe(false)
    const prompt = createCrashRecovery(() => 0).prompt({ reason: 'oom', exitCode: 0 })
    expect(prompt.buttons[prompt.reloadButton!]).toBe('Reload')
    expect(prompt.detail).toMatch(/ran out of memory/)
  })

  it('after repeated crashes within a minute only Quit is offered, until time has passed', () => {
    let time = 0
    const recovery = createCrashRecovery(() => time)
    const gone = { reason: 'crashed', exitCode: 1 }
    for (let crash = 0; crash < MAX_RELOADS_PER_WINDOW; crash += 1) {
      expect(recovery.prompt(gone).reloadButton).toBe(0)
      time += 1_000
    }
    const trapped = recovery.prompt(gone)
    expect(trapped.reloadButton).toBeNull()
    expect(trapped.buttons).toEqual(['Quit'])
    time += CRASH_WINDOW_MS
    expect(recovery.prompt(gone).reloadButton).toBe(0)
  })
})
