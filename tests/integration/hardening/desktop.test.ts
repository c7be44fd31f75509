// The desktop shell's defences, wired as main wires them: the window's webPreferences and the
// navigation / new-window / webview rules on a fake webContents (Electron itself is mocked: the
// decisions are ours, the plumbing is Electron's), and tokens at rest — a real sign-in against
// a real local backend through main's own session modules, persisted by `conf` (the library
// electron-store is built on) into a temporary userData folder, encrypted by a stand-in for
// safeStorage that really transforms the bytes; then every file in that folder is searched.
// Referenced, not repeated: isSafeExternalUrl's table (tests/unit/main/window-policy.test.ts),
// IPC from a foreign frame or subframe refused (tests/unit/main/handle.test.ts "handle(): the
// sender check"), the fuses (tests/unit/main/fuses.test.ts).

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Conf from 'conf'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthSession } from '../../../src/shared/data/session'
import { createMainClient } from '../../../src/main/session/client'
import { SESSION_STORAGE_KEY, SlotStorage } from '../../../src/shared/data/account-storage'
import {
  chooseSessionStorage,
  type KeyValueStore,
  type SafeStorageLike
} from '../../../src/main/session/secret-storage'
import { createRendererUrlPolicy } from '../../../src/main/window/url-policy'
import {
  startHarness,
  uniqueEmail,
  uniqueUsername,
  type Harness
} from '../../support/backend-harness'
import { silentLogger } from '../../unit/main/fakes'

const electron = vi.hoisted(() => ({
  openExternal: vi.fn(async () => undefined),
  windows: [] as { options: Record<string, unknown>; fullScreen: boolean }[]
}))

vi.mock('electron', () => {
  class BrowserWindow {
    options: Record<string, unknown>
    fullScreen = false
    constructor(options: Record<string, unknown>) {
      this.options = options
      electron.windows.push(this)
    }
    maximize(): void {}
    setFullScreen(value: boolean): void {
      this.fullScreen = value
    }
    once(): void {}
    on(): void {}
  }
  return {
    BrowserWindow,
    shell: { openExternal: electron.openExternal },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] }
  }
})

const { createMainWindow, hardenContents } = await import('../../../src/main/window/main-window')

type Listener = (event: { preventDefault(): void }, url: string) => void

/** The parts of webContents that hardenContents touches, recording what it registers. */
function fakeContents(): {
  contents: Electron.WebContents
  openHandler: () => (details: { url: string }) => { action: string }
  emit: (name: string, url: string) => { prevented: boolean }
} {
  let openHandler: ((details: { url: string }) => { action: string }) | null = null
  const listeners = new Map<string, Listener>()
  const contents = {
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    on: (name: string, listener: Listener) => listeners.set(name, listener)
  } as unknown as Electron.WebContents
  return {
    contents,
    openHandler: () => openHandler!,
    emit(name, url) {
      let prevented = false
      listeners.get(name)?.({ preventDefault: () => (prevented = true) }, url)
      return { prevented }
    }
  }
}

const APP_URL = 'app://instaframe/index.html'
const FOREIGN = [
  'javascript:alert(1)',
  'file:///etc/passwd',
  // What the app was once loaded from: no longer the app.
  'file:///opt/Instaframe/resources/app.asar/out/renderer/index.html',
  'app://instaframe/other.html',
  'app://evil/index.html',
  'smb://attacker/share',
  'ms-msdt:/id PCWDiagnostic',
  'data:text/html,<script>1</script>',
  'https://bank.example@evil.example/',
  'file:///opt/Instaframe/resources/app.asar/out/renderer/other.html'
]

describe('desktop: window and navigation rules as wired in main', () => {
  beforeEach(() => {
    electron.openExternal.mockClear()
  })

  it('creates the window with isolation, sandbox and web security on and Node off', () => {
    createMainWindow({
      preloadPath: '/app/preload.js',
      store: { get: () => undefined, set: () => undefined, delete: () => undefined },
      backgroundColor: '#000000',
      load: async () => undefined
    })
    const prefs = electron.windows.at(-1)!.options.webPreferences as Record<string, unknown>
    expect(prefs).toMatchObject({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false
    })
  })

  it('paints the theme background before the page loads, and restores full screen', () => {
    createMainWindow({
      preloadPath: '/app/preload.js',
      store: {
        get: () => ({ width: 1000, height: 700, fullScreen: true }),
        set: () => undefined,
        delete: () => undefined
      },
      backgroundColor: '#000000',
      load: async () => undefined
    })
    const window = electron.windows.at(-1)!
    expect(window.options.backgroundColor).toBe('#000000')
    expect(window.fullScreen).toBe(true)
  })

  it('denies every new window; only http(s) links go to the browser, normalised', () => {
    const fake = fakeContents()
    hardenContents(fake.contents, createRendererUrlPolicy({}))
    expect(fake.openHandler()({ url: 'https://example.com/a b' })).toEqual({ action: 'deny' })
    expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/a%20b')
    for (const url of [...FOREIGN, APP_URL]) {
      electron.openExternal.mockClear()
      expect(fake.openHandler()({ url })).toEqual({ action: 'deny' })
      expect(electron.openExternal, url).not.toHaveBeenCalled()
    }
  })

  it.each(['will-navigate', 'will-redirect'])(
    '%s away from the app is prevented; only http(s) targets open externally',
    (event) => {
      const fake = fakeContents()
      hardenContents(fake.contents, createRendererUrlPolicy({}))
      expect(fake.emit(event, APP_URL).prevented).toBe(false)
      expect(fake.emit(event, 'https://example.com/').prevented).toBe(true)
      expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/')
      for (const url of FOREIGN) {
        electron.openExternal.mockClear()
        expect(fake.emit(event, url).prevented, url).toBe(true)
        expect(electron.openExternal, url).not.toHaveBeenCalled()
      }
    }
  )

  it('refuses to attach a <webview>', () => {
    const fake = fakeContents()
    hardenContents(fake.contents, createRendererUrlPolicy({}))
    expect(fake.emit('will-attach-webview', 'https://evil.example/').prevented).toBe(true)
  })

  it('main applies these rules to every webContents ever created, not only the main window', async () => {
    // index.ts is the composition root (it starts Electron), so its one line of wiring is
    // checked in its source; app-lifecycle.ts calls it for every webContents created
    // (tests/unit/main/main-wiring.test.ts).
    const source = await readFile(resolve(__dirname, '../../../src/main/index.ts'), 'utf8')
    expect(source).toMatch(
      /hardenContents:\s*\(contents\)\s*=>\s*hardenContents\(contents, renderer\)/
    )
  })
})

/** AES-256-GCM under a key that lives only in this process: what the OS keychain provides. */
function aesSafeStorage(): SafeStorageLike & { encrypted: number } {
  const key = randomBytes(32)
  const storage = {
    encrypted: 0,
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    async encryptStringAsync(plain: string): Promise<Buffer> {
      storage.encrypted++
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    async decryptStringAsync(data: Buffer) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12))
      decipher.setAuthTag(data.subarray(12, 28))
      const plain = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()])
      return { result: plain.toString('utf8'), shouldReEncrypt: false }
    }
  }
  return storage
}

/** electron-store's base class over a real file, as main's `new Store({ name: 'session' })`. */
function sessionFile(userData: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: userData,
    configName: 'session',
    projectName: 'instaframe'
  })
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key)
  }
}

async function everyFile(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const path = join(e.parentPath, e.name)
        return { path, text: (await readFile(path)).toString('latin1') }
      })
  )
}

describe("desktop: tokens at rest after a real sign-in (on PGlite only: main's session storage is the subject, not the database)", () => {
  let harness: Harness
  let userData: string
  const OriginalWebSocket = globalThis.WebSocket

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    userData = await mkdtemp(join(tmpdir(), 'instaframe-userdata-'))
    // Electron has a WebSocket; Node 20 does not, and supabase-js refuses to start without one.
    globalThis.WebSocket ??= class {} as never
  })

  afterAll(async () => {
    globalThis.WebSocket = OriginalWebSocket
    await harness?.close()
    if (userData) await rm(userData, { recursive: true, force: true })
  })

  it('no file in userData holds the access token, the refresh token or the password, before or after a refresh; a restart still reads the session', async () => {
    const password = `Pw-${randomBytes(9).toString('base64url')}`
    const username = uniqueUsername('atrest')
    const email = uniqueEmail(username)
    const safeStorage = aesSafeStorage()
    const log = silentLogger()
    const choice = await chooseSessionStorage({
      safeStorage,
      store: sessionFile(userData),
      platform: 'linux',
      log
    })
    expect(choice.persistent).toBe(true)
    const client = createMainClient(
      { url: harness.backend.url, anonKey: harness.backend.anonKey },
      new SlotStorage(choice.storage, '')
    )
    const session = new AuthSession({ client, emit: () => undefined, log })
    await session.signUp({ email, password, username, fullName: 'At Rest' })
    await session.signOut()
    await session.signIn({ email, password })
    const first = (await client.auth.getSession()).data.session!
    const refreshed = (await client.auth.refreshSession()).data.session!
    expect(refreshed.refresh_token).not.toBe(first.refresh_token)
    session.dispose()

    const secrets = {
      password,
      'first access token': first.access_token,
      'first refresh token': first.refresh_token,
      'access token': refreshed.access_token,
      'refresh token': refreshed.refresh_token,
      // A JWT's payload alone (base64url) would leak the claims.
      'access token payload': refreshed.access_token.split('.')[1]
    }
    const files = await everyFile(userData)
    expect(files.map((f) => f.path)).toEqual([join(userData, 'session.json')])
    expect(files[0].text).toContain('encryptedAuth')
    expect(safeStorage.encrypted).toBeGreaterThan(0)
    for (const file of files) {
      for (const [name, secret] of Object.entries(secrets)) {
        expect(file.text.includes(secret), `${name} in ${file.path}`).toBe(false)
        const asBase64 = Buffer.from(secret).toString('base64')
        expect(file.text.includes(asBase64), `${name} (base64) in ${file.path}`).toBe(false)
      }
    }

    // A restart: new storage over the same file and key reads the session back.
    const again = await chooseSessionStorage({
      safeStorage,
      store: sessionFile(userData),
      platform: 'linux',
      log
    })
    const stored = JSON.parse((await again.storage.getItem(SESSION_STORAGE_KEY))!)
    expect(stored.refresh_token).toBe(refreshed.refresh_token)
    expect(log.warn).not.toHaveBeenCalled()
  })
})
