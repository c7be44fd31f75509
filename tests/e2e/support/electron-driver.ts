// Drives the desktop app through Playwright's Electron support. It waits on app state
// (roles, names, window.api answers), never on sleeps. Every selector lives in SELECTORS, so a
// renderer change is fixed in one place.

import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import {
  _electron as electron,
  expect,
  type ElectronApplication,
  type Page
} from '@playwright/test'
import type { AuthSnapshot } from '../../../src/shared/auth-snapshot'
import type { Api, AppConfig } from '../../../src/shared/bridge-contract'

const repoRoot = resolve(__dirname, '../../..')

/** Roles and accessible names the renderer exposes (see its component tests). */
export const SELECTORS = {
  splashText: 'Loading Instagram...',
  logIn: { role: 'button', name: 'Log in', exact: true },
  newPost: { role: 'button', name: 'New post', exact: true },
  accountMenu: { role: 'button', name: 'Account menu', exact: true },
  authDialog: { role: 'dialog' },
  switchToSignUp: { role: 'button', name: 'Sign up', exact: true },
  fullName: 'Full name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  pickImage: { role: 'button', name: 'Select from computer' },
  caption: 'Caption',
  share: { role: 'button', name: 'Share', exact: true },
  post: (username: string) => ({ role: 'article', name: `Post by ${username}` }),
  like: { role: 'button', name: 'Like', exact: true },
  unlike: { role: 'button', name: 'Unlike', exact: true }
} as const

export interface LaunchTarget {
  executablePath: string
  /** Arguments before Electron's own: the app folder for an unpackaged build, none when packaged. */
  args: string[]
  description: string
}

/**
 * What to launch: ELECTRON_APP_PATH (a packaged app's executable) or the repo's built app
 * (out/main/index.js) under node_modules/electron; `{ skip }` with the reason when neither exists.
 */
export function resolveLaunchTarget(): LaunchTarget | { skip: string } {
  const packaged = process.env.ELECTRON_APP_PATH
  if (packaged) {
    if (!existsSync(packaged)) return { skip: `ELECTRON_APP_PATH does not exist: ${packaged}` }
    return { executablePath: packaged, args: [], description: `packaged app ${packaged}` }
  }
  const binary = installedElectronBinary()
  if (!binary) {
    return {
      skip:
        'No Electron binary installed (node_modules/electron has no dist). Install it, or set ' +
        'ELECTRON_APP_PATH to a packaged Instaframe executable, to run the desktop specs.'
    }
  }
  if (!existsSync(resolve(repoRoot, 'out/main/index.js'))) {
    return { skip: 'The app is not built: run `npm run build` first (out/main/index.js missing).' }
  }
  return { executablePath: binary, args: [repoRoot], description: 'out/main/index.js' }
}

/**
 * The path `require('electron')` would return, without requiring it: since Electron 45 that
 * require starts a download when the binary is missing, which a test run must never do.
 */
function installedElectronBinary(): string | null {
  let packageDir: string
  try {
    packageDir = dirname(createRequire(__filename).resolve('electron/package.json'))
  } catch {
    return null
  }
  const pathFile = join(packageDir, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : ''
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const binary = override
    ? join(override, relative || 'electron')
    : relative
      ? join(packageDir, 'dist', relative)
      : null
  return binary && existsSync(binary) ? binary : null
}

type RoleSelector = { role: string; name?: string; exact?: boolean }

export class ElectronDriver {
  private constructor(
    readonly app: ElectronApplication,
    readonly page: Page
  ) {}

  /**
   * Launches with its own userData folder; the same folder again is a restart. `extraArgs` end
   * the command line as the OS passes an opened link (Windows and Linux).
   */
  static async launch(
    target: LaunchTarget,
    userDataDir: string,
    extraArgs: string[] = []
  ): Promise<ElectronDriver> {
    const app = await electron.launch({
      executablePath: target.executablePath,
      args: [...target.args, ...extraArgs],
      env: {
        ...process.env,
        INSTAFRAME_USER_DATA_DIR: userDataDir,
        // Exercise the embedded backend (and its supervisor), whatever the shell has set.
        SUPABASE_URL: '',
        SUPABASE_ANON_KEY: ''
      }
    })
    const page = await app.firstWindow()
    const driver = new ElectronDriver(app, page)
    await driver.waitUntilReady()
    return driver
  }

  byRole(selector: RoleSelector, within: Page | ReturnType<Page['locator']> = this.page) {
    return within.getByRole(selector.role as Parameters<Page['getByRole']>[0], {
      name: selector.name,
      exact: selector.exact
    })
  }

  /** The splash is gone and the header shows either Log in or the account menu. */
  async waitUntilReady(): Promise<void> {
    await expect(this.page.getByText(SELECTORS.splashText)).toBeHidden({ timeout: 60_000 })
    await expect(
      this.byRole(SELECTORS.logIn).or(this.byRole(SELECTORS.accountMenu)).first()
    ).toBeVisible()
  }

  session(): Promise<AuthSnapshot> {
    return this.page.evaluate(() => (globalThis as unknown as { api: Api }).api.auth.getSession())
  }

  config(): Promise<AppConfig> {
    return this.page.evaluate(() => (globalThis as unknown as { api: Api }).api.app.getConfig())
  }

  async waitForSignedIn(): Promise<AuthSnapshot> {
    await expect.poll(async () => (await this.session()).user?.id ?? null).not.toBeNull()
    await expect(this.byRole(SELECTORS.accountMenu)).toBeVisible()
    return this.session()
  }

  async signUp(user: {
    fullName: string
    username: string
    email: string
    password: string
  }): Promise<void> {
    await this.byRole(SELECTORS.logIn).click()
    const dialog = this.byRole(SELECTORS.authDialog)
    await this.byRole(SELECTORS.switchToSignUp, dialog).click()
    await dialog.getByLabel(SELECTORS.fullName).fill(user.fullName)
    await dialog.getByLabel(SELECTORS.username).fill(user.username)
    await dialog.getByLabel(SELECTORS.email).fill(user.email)
    await dialog.getByLabel(SELECTORS.password, { exact: true }).fill(user.password)
    await dialog.locator('button[type="submit"]').click()
    // The local backend confirms instantly and returns a session; a server that wants the email
    // confirmed first leaves us signed out, so log in then.
    await expect
      .poll(
        async () =>
          (await this.session()).user !== null || (await dialog.getByRole('status').count()) > 0
      )
      .toBe(true)
    if ((await this.session()).user === null) {
      await this.byRole({ role: 'button', name: 'Log in', exact: true }, dialog).click()
      await dialog.getByLabel(SELECTORS.email).fill(user.email)
      await dialog.getByLabel(SELECTORS.password, { exact: true }).fill(user.password)
      await dialog.locator('button[type="submit"]').click()
    }
    await this.waitForSignedIn()
    await expect(dialog).toBeHidden()
    // A sign-up that signed in at once opens the welcome (a profile photo, people to follow).
    const welcome = this.page.getByRole('dialog', { name: 'Add a profile photo' })
    const shown = await welcome.waitFor({ state: 'visible', timeout: 10_000 }).then(
      () => true,
      () => false
    )
    if (shown) {
      await welcome.getByRole('button', { name: 'Close', exact: true }).click()
      await expect(welcome).toBeHidden()
    }
  }

  /** Makes the next native open dialog return `filePath`, from inside the main process. */
  async stubOpenDialog(filePath: string): Promise<void> {
    await this.app.evaluate(({ dialog }, path) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [path] })) as never
    }, filePath)
  }

  async createPost(imagePath: string, caption: string, username: string): Promise<void> {
    await this.stubOpenDialog(imagePath)
    await this.byRole(SELECTORS.newPost).click()
    const dialog = this.byRole(SELECTORS.authDialog)
    await this.byRole(SELECTORS.pickImage, dialog).click()
    await dialog.getByLabel(SELECTORS.caption).fill(caption)
    await this.byRole(SELECTORS.share, dialog).click()
    await expect(dialog).toBeHidden({ timeout: 30_000 })
    await expect(this.post(username).filter({ hasText: caption })).toBeVisible()
  }

  post(username: string) {
    return this.byRole(SELECTORS.post(username))
  }

  async like(username: string, caption: string): Promise<void> {
    const card = this.post(username).filter({ hasText: caption })
    await this.byRole(SELECTORS.like, card).click()
    await expect(this.byRole(SELECTORS.unlike, card)).toBeVisible()
    await expect(card.getByText(/^1 like/)).toBeVisible()
  }

  /** Clicks an application menu item by its labels (e.g. 'File', 'New Post'), as a user would. */
  async clickMenu(...labels: string[]): Promise<void> {
    await this.app.evaluate(({ Menu }, path) => {
      let items = Menu.getApplicationMenu()?.items ?? []
      let item: Electron.MenuItem | undefined
      for (const label of path) {
        item = items.find((candidate) => candidate.label === label)
        if (!item) throw new Error(`No menu item ${path.join(' › ')}`)
        items = item.submenu?.items ?? []
      }
      item?.click()
    }, labels)
  }

  /**
   * Drops a file from disk on `target` (a role selector; the feed by default) as a file manager
   * does: a DataTransfer holding it as a File, carried by dragenter, dragover and drop.
   */
  async dropFile(filePath: string, mimeType: string, target: RoleSelector = { role: 'main' }) {
    const payload = {
      name: basename(filePath),
      mimeType,
      base64: readFileSync(filePath).toString('base64')
    }
    const dataTransfer = await this.page.evaluateHandle(({ name, mimeType: type, base64 }) => {
      // The page's globals; tsconfig.node.json has no DOM library.
      const web = globalThis as unknown as {
        atob(data: string): string
        DataTransfer: new () => { items: { add(file: unknown): void } }
        File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown
      }
      const transfer = new web.DataTransfer()
      const bytes = Uint8Array.from(web.atob(base64), (char) => char.charCodeAt(0))
      transfer.items.add(new web.File([bytes], name, { type }))
      return transfer
    }, payload)
    const element = this.byRole(target).first()
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await element.dispatchEvent(type, { dataTransfer })
    }
    await dataTransfer.dispose()
  }

  /** Hands the running app a file as macOS does for the dock icon or Open With (`open-file`). */
  async openFile(filePath: string): Promise<void> {
    await this.app.evaluate(({ app }, path) => {
      app.emit('open-file', { preventDefault: () => undefined }, path)
    }, filePath)
  }

  /** Delivers a link as macOS does (`open-url`), to the running app. */
  async openUrl(url: string): Promise<void> {
    await this.app.evaluate(({ app }, link) => {
      app.emit('open-url', { preventDefault: () => undefined }, link)
    }, url)
  }

  async close(): Promise<void> {
    await this.app.close()
  }
}
