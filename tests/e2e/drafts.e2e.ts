// Crash-safe drafts: a post being written (two photos and a caption) survives the browser going
// away without any cleanup, and "Restore draft?" brings it back in a new browser on the same
// profile folder. IndexedDB lives in that folder, so a persistent context is what carries it
// (a storageState snapshot holds cookies and localStorage only).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import {
  chooseFile,
  discardPost,
  openApp,
  openCreatePost,
  signInViaUi,
  ui,
  waitForFeed
} from './support/app'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser
let profileDir: string

test.beforeAll(async () => {
  user = await createUser('drafter')
  profileDir = await mkdtemp(join(tmpdir(), 'instaframe-drafts-'))
})
test.afterAll(async () => {
  await rm(profileDir, { recursive: true, force: true })
})

function launch(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run']
  })
}

/** The saved draft of the create-post modal, read straight from the page's IndexedDB. */
function savedDraft(page: Page): Promise<{ photos: number; caption: string } | null> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        // The page's IndexedDB; tsconfig.node.json has no DOM library.
        interface Request<T> {
          result: T
          error: unknown
          onsuccess: (() => void) | null
          onerror: (() => void) | null
        }
        interface Database {
          transaction(name: string): { objectStore(name: string): { getAll(): Request<unknown> } }
          close(): void
        }
        const web = globalThis as unknown as {
          indexedDB: { open(name: string): Request<Database> }
        }
        const open = web.indexedDB.open('instaframe-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const read = db.transaction('drafts').objectStore('drafts').getAll()
          read.onsuccess = () => {
            const records = read.result as Array<{
              key: string
              value: { photos: unknown[]; caption: string }
            }>
            const draft = records.find((record) => record.key === 'create-post')
            db.close()
            resolve(
              draft ? { photos: draft.value.photos.length, caption: draft.value.caption } : null
            )
          }
        }
      })
  )
}

test('a post being written comes back after the browser closed without cleanup', async () => {
  const first = await launch()
  const page = first.pages()[0] ?? (await first.newPage())
  await openApp(page)
  await signInViaUi(page, user)
  await waitForFeed(page)

  await openCreatePost(page)
  await chooseFile(page, photoPng(31))
  await expect(ui.preview(page)).toBeVisible()
  await page.getByLabel('Add more image files').setInputFiles(photoPng(32))
  await expect(page.getByRole('img', { name: 'Preview of photo 1 of 2' })).toBeVisible()
  await ui.caption(page).fill('Half-written on a plane')
  // Saved as typed (debounced), before anything is shared.
  await expect
    .poll(() => savedDraft(page))
    .toEqual({ photos: 2, caption: 'Half-written on a plane' })
  await first.close()

  const second = await launch()
  try {
    const reopened = second.pages()[0] ?? (await second.newPage())
    await openApp(reopened)
    await expect(ui.accountMenuButton(reopened)).toBeVisible()
    await openCreatePost(reopened)
    const prompt = reopened.getByRole('group', { name: 'Restore draft?' })
    await expect(prompt).toContainText('an unsent post (2 photos)')
    await prompt.getByRole('button', { name: 'Restore' }).click()
    await expect(reopened.getByRole('img', { name: 'Preview of photo 1 of 2' })).toBeVisible()
    await expect(ui.caption(reopened)).toHaveValue('Half-written on a plane')

    // Leaving asks "Discard post?"; Discard deletes the draft, so nothing is offered again.
    await ui.createDialog(reopened).getByRole('button', { name: 'Close' }).click()
    await discardPost(reopened)
    await expect.poll(() => savedDraft(reopened)).toBeNull()
    await openCreatePost(reopened)
    await expect(reopened.getByRole('group', { name: 'Restore draft?' })).toHaveCount(0)
  } finally {
    await second.close()
  }
})
