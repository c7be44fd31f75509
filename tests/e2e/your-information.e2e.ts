// Settings › Your information in the web build: download the archive of an account with posts,
// import it into a fresh account, and see the same grid there (same captions, same order).

import { type Page } from '@playwright/test'
import { openProfile, openSignedIn, ui } from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let owner: TestUser
let fresh: TestUser

test.beforeAll(async () => {
  ;[owner, fresh] = await Promise.all([createUser('exporter'), createUser('importer')])
  await createPostAs(owner, 'First light ☀️', 31)
  await createPostAs(owner, 'Café at noon #coffee', 32)
  await createPostAs(owner, 'Golden hour', 33)
})

async function openYourInformation(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash =
      '#/settings/your-information'
  })
  await expect(page.getByRole('heading', { name: 'Download your information' })).toBeVisible()
}

async function gridCaptions(page: Page): Promise<string[]> {
  await openProfile(page)
  const images = ui.profileGrid(page).getByRole('listitem').getByRole('img')
  await expect(images.first()).toBeVisible()
  return images.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('alt') ?? ''))
}

test('an export imported into a fresh account shows the same grid', async ({ browser }, info) => {
  const ownerPage = await browser.newPage()
  await openSignedIn(ownerPage, owner)
  const ownerGrid = await gridCaptions(ownerPage)
  expect(ownerGrid).toEqual(['Golden hour', 'Café at noon #coffee', 'First light ☀️'])

  await openYourInformation(ownerPage)
  const downloading = ownerPage.waitForEvent('download')
  await ownerPage.getByRole('button', { name: 'Download your information' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^instaframe-${owner.username}-.*\\.zip$`)
  )
  const archive = info.outputPath('archive.zip')
  await download.saveAs(archive)
  await expect(ownerPage.getByText(/^Saved 3 posts and 3 photos/)).toBeVisible()
  await ownerPage.close()

  const page = await browser.newPage()
  await openSignedIn(page, fresh)
  await openYourInformation(page)
  await page.getByLabel('Instagram download (zip)').setInputFiles(archive)
  const preview = page.getByRole('list', { name: 'Posts to import' })
  await expect(preview.getByRole('img')).toHaveCount(3)
  await expect(page.getByText('3 posts ready to import.')).toBeVisible()
  await page.getByRole('button', { name: 'Import 3 posts' }).click()
  await expect(page.getByText('Imported 3 posts.')).toBeVisible({ timeout: 30_000 })

  await page.reload()
  await expect(ui.header(page)).toBeVisible()
  expect(await gridCaptions(page)).toEqual(ownerGrid)
  await page.close()
})
