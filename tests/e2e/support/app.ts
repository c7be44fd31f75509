// Page-side helpers for the browser specs. Every locator is a role, an accessible name or a text
// the renderer shows (see src/renderer/src/components); waits are on app state, never sleeps.

import { expect, type JSHandle, type Locator, type Page, type Response } from '@playwright/test'
import { MESSAGES } from '../../../src/shared/messages'
import type { FileFixture } from '../fixtures/images'
import {
  accountPrefix,
  ACCOUNTS_INDEX_KEY,
  SESSION_STORAGE_KEY
} from '../../../src/shared/data/account-storage'
import { e2eEnv, nodeClient, type UserCredentials } from './backend'
import { recordBackendRequests } from './traffic'

export const BRAND = 'Instaframe'

export const ui = {
  header: (page: Page) => page.getByRole('banner'),
  nav: (page: Page) => page.getByRole('navigation', { name: 'Main' }),
  logIn: (page: Page) => ui.nav(page).getByRole('button', { name: 'Log in', exact: true }),
  newPost: (page: Page) => ui.nav(page).getByRole('button', { name: 'New post', exact: true }),
  accountMenuButton: (page: Page) => page.getByRole('button', { name: 'Account menu' }),
  accountMenu: (page: Page) => page.getByRole('menu', { name: 'Account' }),
  authDialog: (page: Page) => page.getByRole('dialog', { name: `Log in to ${BRAND}` }),
  signUpDialog: (page: Page) => page.getByRole('dialog', { name: `Sign up for ${BRAND}` }),
  createDialog: (page: Page) => page.getByRole('dialog', { name: 'Create new post' }),
  dropZone: (page: Page) => page.getByTestId('drop-zone'),
  fileInput: (page: Page) => page.getByLabel('Choose an image file'),
  caption: (page: Page) => page.getByRole('textbox', { name: 'Caption' }),
  counter: (page: Page) => page.getByTestId('caption-counter'),
  share: (page: Page) => ui.createDialog(page).getByRole('button', { name: 'Share', exact: true }),
  preview: (page: Page) => page.getByRole('img', { name: 'Preview of the selected image' }),
  feedLoading: (page: Page) => page.getByRole('status', { name: 'Loading posts' }),
  skeletons: (page: Page) => page.getByTestId('post-skeleton'),
  stories: (page: Page) => page.getByRole('region', { name: 'Stories' }).getByRole('listitem'),
  posts: (page: Page) => page.getByRole('main').getByRole('article'),
  post: (page: Page, username: string) =>
    page.getByRole('article', { name: `Post by ${username}`, exact: true }),
  profileStats: (page: Page) => page.getByRole('list', { name: 'Profile stats' }),
  profileGrid: (page: Page) => page.getByRole('list', { name: 'Posts', exact: true }),
  /** The profile view's own Back, not the header's history arrow. */
  profileBack: (page: Page) =>
    page.getByRole('main').getByRole('button', { name: 'Back', exact: true }),
  historyBack: (page: Page) => ui.header(page).getByRole('button', { name: 'Back', exact: true })
}

/** A page load parses and runs the whole bundle: seconds when every core is busy. */
const BOOT_TIMEOUT_MS = 30_000

/** Opens the web build and waits past the 1 s splash for the header. */
export async function openApp(page: Page, webUrl = e2eEnv().webUrl): Promise<void> {
  await page.goto(webUrl)
  await expect(ui.header(page)).toBeVisible({ timeout: BOOT_TIMEOUT_MS })
}

/** The feed has answered: no placeholders left. */
export async function waitForFeed(page: Page): Promise<void> {
  await expect(ui.feedLoading(page)).toHaveCount(0)
}

export async function reloadApp(page: Page): Promise<void> {
  await page.reload()
  await expect(ui.header(page)).toBeVisible({ timeout: BOOT_TIMEOUT_MS })
}

/** Any request to the REST table `table` (optionally with this method). */
export function isRestCall(url: string, table: string): boolean {
  return new URL(url).pathname === `/rest/v1/${table}`
}

export function waitForRest(
  page: Page,
  table: string,
  method: string,
  status = (code: number) => code >= 200 && code < 300
): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      isRestCall(response.url(), table) &&
      response.request().method() === method &&
      status(response.status())
  )
}

export async function signInViaUi(page: Page, user: UserCredentials): Promise<void> {
  await ui.logIn(page).click()
  const dialog = ui.authDialog(page)
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Username or email', { exact: true }).fill(user.email)
  await dialog.getByLabel('Password', { exact: true }).fill(user.password)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()
}

/**
 * Open the app already signed in as `user`, with the feed loaded. The session is signed in
 * through the API (a fresh one, with its own refresh token) and stored where the page keeps its
 * accounts (platform/browser.ts) before the app starts: the sign-in modal is auth.e2e's subject,
 * not every spec's setup.
 */
export async function openSignedIn(page: Page, user: UserCredentials): Promise<void> {
  const { data, error } = await nodeClient().auth.signInWithPassword({
    email: user.email,
    password: user.password
  })
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`)
  const { webUrl } = e2eEnv()
  // Any page of the app's origin gives its localStorage; config.json starts no app.
  await page.goto(new URL('config.json', webUrl).href)
  await page.evaluate(
    ({ entries }) => {
      const web = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void }
      }
      for (const [key, value] of entries) web.localStorage.setItem(key, value)
    },
    {
      entries: [
        [accountPrefix(data.user.id) + SESSION_STORAGE_KEY, JSON.stringify(data.session)],
        [ACCOUNTS_INDEX_KEY, JSON.stringify({ ids: [data.user.id], current: data.user.id })]
      ]
    }
  )
  await openApp(page, webUrl)
  await expect(ui.accountMenuButton(page)).toBeVisible()
  await waitForFeed(page)
}

/** Picks `choice` (Edit, Delete, Copy link…) from the open post's ⋯ menu. */
export async function choosePostOption(page: Page, view: Locator, choice: string): Promise<void> {
  await view.getByRole('button', { name: 'More options', exact: true }).click()
  await page
    .getByRole('menu', { name: 'Post options' })
    .getByRole('menuitem', { name: choice, exact: true })
    .click()
}

export async function openProfile(page: Page): Promise<void> {
  await ui.accountMenuButton(page).click()
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Profile' }).click()
  await expect(ui.profileBack(page)).toBeVisible()
}

export async function openCreatePost(page: Page): Promise<Locator> {
  await ui.newPost(page).click()
  const dialog = ui.createDialog(page)
  await expect(dialog).toBeVisible()
  await expect(ui.dropZone(page)).toBeVisible()
  return dialog
}

/** Answers Discard to "Discard post?", which leaving Create with anything chosen asks. */
export async function discardPost(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Discard post?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  await expect(ui.createDialog(page)).toBeHidden()
}

type DroppedFile = { name: string; mimeType: string } & ({ buffer: Buffer } | { size: number })

/** A real DataTransfer holding `file` as a File, built in the page, as a file manager's drag. */
export function fileTransfer(page: Page, file: DroppedFile): Promise<JSHandle> {
  const payload = {
    name: file.name,
    mimeType: file.mimeType,
    base64: 'buffer' in file ? file.buffer.toString('base64') : null,
    size: 'size' in file ? file.size : 0
  }
  return page.evaluateHandle(({ name, mimeType, base64, size }) => {
    // The page's globals; tsconfig.node.json has no DOM library.
    const web = globalThis as unknown as {
      atob(data: string): string
      DataTransfer: new () => { items: { add(file: unknown): void } }
      File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown
    }
    const bytes =
      base64 === null
        ? new Uint8Array(size)
        : Uint8Array.from(web.atob(base64), (char) => char.charCodeAt(0))
    const transfer = new web.DataTransfer()
    transfer.items.add(new web.File([bytes], name, { type: mimeType }))
    return transfer
  }, payload)
}

/**
 * Drops a file on `target` the way a file manager does: a real DataTransfer holding a File,
 * built in the page, carried by dragenter, dragover and drop events.
 */
export async function dropFile(page: Page, target: Locator, file: DroppedFile): Promise<void> {
  const dataTransfer = await fileTransfer(page, file)
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  await target.dispatchEvent('drop', { dataTransfer })
  await dataTransfer.dispose()
}

export async function chooseFile(page: Page, file: FileFixture): Promise<void> {
  await ui.fileInput(page).setInputFiles(file)
}

/**
 * The feed's read of posts with their authors embedded (`select=*, profiles(...)`), whether it
 * goes to the posts table or a paging rpc; not a count, a profile or an own-posts read.
 */
export function isFeedUrl(url: URL): boolean {
  return (
    url.pathname.startsWith('/rest/v1/') &&
    (url.searchParams.get('select') ?? '').includes('profiles(')
  )
}

export function isFeedRead(response: Response): boolean {
  return response.request().method() === 'GET' && isFeedUrl(new URL(response.url()))
}

/** Shares the open post and returns every backend request that took, once the modal closed. */
export async function sharePost(page: Page): Promise<string[]> {
  const recording = recordBackendRequests(page)
  const inserted = waitForRest(page, 'rpc/create_post', 'POST')
  await ui.share(page).click()
  await inserted
  await expect(ui.createDialog(page)).toBeHidden()
  await settle(page)
  return recording.stop()
}

export function likesLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'like' : 'likes'}`
}

/** Lets pending tasks and a frame run, so a request the click would have sent has been sent. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const web = globalThis as unknown as { requestAnimationFrame(callback: () => void): void }
        web.requestAnimationFrame(() => setTimeout(resolve, 0))
      })
  )
}

export { MESSAGES }

/**
 * A screenshot of the page in light and dark into $SHOTS_DIR as `{name}-{scheme}.png`, for
 * looking at a screen; nothing when SHOTS_DIR is unset (as in `npm test`).
 */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${scheme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
