// Test doubles for the Electron pieces main's services take as arguments.

import { vi, type Mock } from 'vitest'
import type {
  FrameLike,
  InvokeEventLike,
  IpcMainLike,
  SenderPolicy
} from '../../../src/main/ipc/handle'
import type { Logger } from '../../../src/shared/logger'

export const APP_URL = 'app://instaframe/index.html'

type LogFn = (message: string, ...details: unknown[]) => void

export function silentLogger(): Logger & { warn: Mock<LogFn>; error: Mock<LogFn> } {
  return { info: vi.fn<LogFn>(), warn: vi.fn<LogFn>(), error: vi.fn<LogFn>() }
}

type Listener = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>

/** ipcMain with a way to invoke a registered channel as a given sender. */
export class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, Listener>()
  handle(channel: string, listener: Listener): void {
    this.listeners.set(channel, listener)
  }
  invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel)
    if (!listener) throw new Error(`no handler for ${channel}`)
    return listener(event, ...args)
  }
}

/** Our window: a webContents whose main frame shows the app. */
export function fakeWindow(url = APP_URL): {
  contents: { mainFrame: FrameLike }
  policy: SenderPolicy
  event: (frame?: FrameLike, sender?: unknown) => InvokeEventLike
} {
  const mainFrame: FrameLike = { url, parent: null }
  const contents = { mainFrame }
  const policy: SenderPolicy = {
    trustedWebContents: () => contents,
    isRendererUrl: (candidate) => candidate === APP_URL
  }
  return {
    contents,
    policy,
    event: (frame = mainFrame, sender: unknown = contents) => ({ sender, senderFrame: frame })
  }
}
