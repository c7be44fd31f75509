import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import type { UpdateState } from '../../../src/shared/bridge-contract'
import {
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_MESSAGES,
  createUpdateService,
  updatesEnabled,
  type Timers
} from '../../../src/main/updates/update-service'
import { silentLogger } from './fakes'

/** electron-updater's AppUpdater as far as the service sees it: an emitter with three calls. */
class FakeUpdater extends EventEmitter {
  autoDownload = true
  autoInstallOnAppQuit = false
  checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update')
    return null
  })
  downloadUpdate = vi.fn(async () => [])
  quitAndInstall = vi.fn()
}

function setUp(): {
  updater: FakeUpdater
  states: UpdateState[]
  service: ReturnType<typeof createUpdateService>
  tick: () => void
  timers: Timers & { cleared: boolean }
} {
  const updater = new FakeUpdater()
  const states: UpdateState[] = []
  let scheduled: (() => void) | null = null
  const timers = {
    cleared: false,
    setInterval: vi.fn((callback: () => void, ms: number) => {
      expect(ms).toBe(UPDATE_CHECK_INTERVAL_MS)
      scheduled = callback
      return 1
    }),
    clearInterval: vi.fn(() => {
      timers.cleared = true
    })
  }
  const service = createUpdateService({
    updater,
    log: silentLogger(),
    onState: (state) => states.push(state),
    timers
  })
  return { updater, states, service, tick: () => scheduled?.(), timers }
}

describe('update service', () => {
  it('goes idle → checking → available → downloading → downloaded, downloading in the background', async () => {
    const { updater, states, service } = setUp()
    expect(updater.autoDownload).toBe(false)
    expect(updater.autoInstallOnAppQuit).toBe(true)
    await service.check()
    updater.emit('update-available', { version: '0.2.0' })
    expect(updater.downloadUpdate).toHaveBeenCalledOnce()
    updater.emit('download-progress', { percent: 41.6 })
    updater.emit('update-downloaded', { version: '0.2.0' })
    expect(states).toEqual([
      { status: 'checking' },
      { status: 'available', version: '0.2.0' },
      { status: 'downloading', version: '0.2.0', percent: 0 },
      { status: 'downloading', version: '0.2.0', percent: 42 },
      { status: 'downloaded', version: '0.2.0' }
    ])
  })

  it('returns to idle when there is no update', async () => {
    const { updater, service } = setUp()
    await service.check()
    updater.emit('update-not-available')
    expect(service.state).toEqual({ status: 'idle' })
  })

  it('Restart to update installs only a downloaded update', async () => {
    const { updater, service } = setUp()
    expect(() => service.restartToUpdate()).toThrow(UPDATE_MESSAGES.notReady)
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    await service.check()
    updater.emit('update-available', { version: '0.2.0' })
    updater.emit('update-downloaded', { version: '0.2.0' })
    service.restartToUpdate()
    expect(updater.quitAndInstall).toHaveBeenCalledOnce()
  })

  it('a failed check or download becomes an error state with a readable message', async () => {
    const { updater, service } = setUp()
    updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_INTERNET_DISCONNECTED'))
    await service.check()
    expect(service.state).toEqual({ status: 'error', message: UPDATE_MESSAGES.failed })
    // The next check starts over from the error.
    await service.check()
    updater.emit('update-available', { version: '0.2.0' })
    updater.emit('error', new Error('sha512 checksum mismatch'))
    expect(service.state).toEqual({ status: 'error', message: UPDATE_MESSAGES.failed })
  })

  it('keeps a downloaded update installable when a later error arrives, and stops checking', async () => {
    const { updater, service } = setUp()
    await service.check()
    updater.emit('update-available', { version: '0.2.0' })
    updater.emit('update-downloaded', { version: '0.2.0' })
    updater.emit('error', new Error('late'))
    expect(service.state.status).toBe('downloaded')
    await service.check()
    expect(updater.checkForUpdates).toHaveBeenCalledOnce()
  })

  it('checks at start and on every interval, never two at once, and stops on dispose', async () => {
    const { updater, service, tick, timers } = setUp()
    service.start()
    service.start()
    expect(updater.checkForUpdates).toHaveBeenCalledOnce()
    tick()
    // Still checking: the scheduled check waits for the next interval.
    expect(updater.checkForUpdates).toHaveBeenCalledOnce()
    updater.emit('update-not-available')
    tick()
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2)
    service.dispose()
    expect(timers.cleared).toBe(true)
  })
})

describe('updatesEnabled', () => {
  it('is on only in a packaged build outside tests, and says why not otherwise', () => {
    const packaged = { isPackaged: true, hasFeed: true }
    expect(updatesEnabled({ ...packaged, env: {} })).toEqual({ enabled: true })
    expect(updatesEnabled({ ...packaged, isPackaged: false, env: {} })).toEqual({
      enabled: false,
      reason: 'development build'
    })
    expect(updatesEnabled({ ...packaged, hasFeed: false, env: {} }).enabled).toBe(false)
    expect(updatesEnabled({ ...packaged, env: { INSTAFRAME_DISABLE_UPDATES: '1' } }).enabled).toBe(
      false
    )
    expect(updatesEnabled({ ...packaged, env: { NODE_ENV: 'test' } }).enabled).toBe(false)
  })
})
