import { describe, expect, it, vi } from 'vitest'
import { createHandle } from '../../../src/main/ipc/handle'
import { registerNotificationsIpc } from '../../../src/main/ipc/notifications'
import type { DesktopNotifier } from '../../../src/main/notifications/desktop-notifier'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

function setup() {
  const ipcMain = new FakeIpcMain()
  const window = fakeWindow()
  const notifier: DesktopNotifier = {
    report: vi.fn(),
    reportDirect: vi.fn(),
    isEnabled: vi.fn(() => true),
    setEnabled: vi.fn()
  }
  registerNotificationsIpc(
    createHandle({ ipcMain, policy: window.policy, log: silentLogger() }),
    notifier
  )
  return { ipcMain, event: window.event(), notifier }
}

describe('notifications IPC', () => {
  it('passes a well-formed report to the notifier', async () => {
    const { ipcMain, event, notifier } = setup()
    const report = {
      unreadCount: 2,
      alerts: [{ key: 'k', body: 'ana liked your photo.', target: { kind: 'post', postId: 'p' } }]
    }
    expect(await ipcMain.invoke('notifications:report', event, report)).toEqual({
      ok: true,
      value: undefined
    })
    expect(notifier.report).toHaveBeenCalledWith(report)
  })

  it('refuses a report with a negative count or an unknown target', async () => {
    const { ipcMain, event, notifier } = setup()
    const bad = [
      { unreadCount: -1, alerts: [] },
      { unreadCount: 1, alerts: [{ key: 'k', body: 'b', target: { kind: 'url', url: 'x' } }] }
    ]
    for (const report of bad) {
      expect(await ipcMain.invoke('notifications:report', event, report)).toEqual({
        ok: false,
        message: 'Invalid request'
      })
    }
    expect(notifier.report).not.toHaveBeenCalled()
  })

  it('passes a direct-message report to the notifier, and refuses one without its thread', async () => {
    const { ipcMain, event, notifier } = setup()
    const alert = { key: 'm1', title: 'ana', body: 'hi!', threadId: 't1' }
    const report = { unreadCount: 1, openThreadId: null, alerts: [alert] }
    expect(await ipcMain.invoke('notifications:report-direct', event, report)).toEqual({
      ok: true,
      value: undefined
    })
    expect(notifier.reportDirect).toHaveBeenCalledWith(report)
    const { threadId: _dropped, ...withoutThread } = alert
    for (const bad of [
      { ...report, alerts: [withoutThread] },
      { unreadCount: 1, alerts: [] },
      { ...report, unreadCount: 1.5 }
    ]) {
      expect(await ipcMain.invoke('notifications:report-direct', event, bad)).toEqual({
        ok: false,
        message: 'Invalid request'
      })
    }
    expect(notifier.reportDirect).toHaveBeenCalledOnce()
  })

  it('reads and changes the setting, accepting only a boolean', async () => {
    const { ipcMain, event, notifier } = setup()
    expect(await ipcMain.invoke('notifications:get-enabled', event)).toEqual({
      ok: true,
      value: true
    })
    await ipcMain.invoke('notifications:set-enabled', event, false)
    expect(notifier.setEnabled).toHaveBeenCalledWith(false)
    expect(await ipcMain.invoke('notifications:set-enabled', event, 'no')).toMatchObject({
      ok: false
    })
  })
})
