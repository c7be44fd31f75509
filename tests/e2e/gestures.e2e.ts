// Gestures and focus as a reader of the network expects them (docs/product.md, "Post card" and "Views and navigation"): a
// double-click or double-tap on a photo likes it with a heart burst and never unlikes; a single
// click opens nothing in the feed; a carousel's arrows keep working; `c` and the comment icon
// put the caret in the comment box; `/` then Escape gives the keys back to the page.

import { type Page } from '@playwright/test'
import { createPost } from '../../src/shared/data/post-create'
import { photoPng } from './fixtures/images'
import { openApp, openSignedIn, ui, waitForFeed } from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let author: TestUser
let reader: TestUser

test.beforeAll(async () => {
  author = await createUser('gestauthor')
  reader = await createUser('gestreader')
  // The carousel is the older of the two, so the single photo is the feed's first card.
  await createPost(author.client, {
    userId: author.id,
    caption: 'Three in a row',
    photos: [1, 2, 3].map((seed) => {
      const image = photoPng(seed + 10)
      return {
        bytes: new Uint8Array(image.buffer),
        declaredType: image.mimeType,
        altText: `frame ${seed}`
      }
    })
  })
  await createPostAs(author, 'Double-tap me', 21)
})

// Sign-ins and a second browser context take a while on a loaded machine.
test.setTimeout(180_000)
// The heart burst is motion: it shows only where motion is not reduced (the suite's default).
test.use({ reducedMotion: 'no-preference' })

const card = (page: Page, caption: string) => ui.posts(page).filter({ hasText: caption }).first()
const postView = (page: Page) => page.getByRole('dialog', { name: `Post by ${author.username}` })

test('a double-click on a photo likes it with a burst, and never unlikes (mouse)', async ({
  page
}) => {
  await openSignedIn(page, reader)
  const target = card(page, 'Double-tap me')
  const photo = target.getByRole('img', { name: 'Double-tap me' })
  // One click opens nothing, as on the network's web app.
  await photo.click()
  await expect(postView(page)).toBeHidden()

  // The burst lasts 0.9 s: its wait starts before the double-click, so a slow check that
  // comes after it cannot miss it.
  let burst = target.getByTestId('like-burst').waitFor()
  await photo.dblclick()
  await burst
  await expect(target.getByRole('button', { name: 'Unlike' })).toBeVisible()
  await expect(target.getByRole('link', { name: '1 like' })).toBeVisible()
  await expect(target.getByTestId('like-burst')).toHaveCount(0)
  burst = target.getByTestId('like-burst').waitFor()
  await photo.dblclick()
  await burst
  await expect(target.getByRole('button', { name: 'Unlike' })).toBeVisible()
  await expect(target.getByRole('link', { name: '1 like' })).toBeVisible()

  // In the post view a double-click likes too (here: stays liked).
  await target.locator('time').click()
  await expect(postView(page)).toBeVisible()
  await postView(page).getByRole('img', { name: 'Double-tap me' }).dblclick()
  await expect(postView(page).getByRole('button', { name: 'Unlike' })).toBeVisible()
  await page.keyboard.press('Escape')

  // A carousel's arrows page its photos, and neither like the post nor open it.
  const carousel = card(page, 'Three in a row')
  await carousel.getByRole('button', { name: 'Next photo' }).dblclick()
  await expect(carousel.getByRole('img', { name: 'frame 3' })).toBeVisible()
  await carousel.getByRole('button', { name: 'Previous photo' }).click()
  await expect(carousel.getByRole('img', { name: 'frame 2' })).toBeVisible()
  await expect(carousel.getByRole('button', { name: 'Like', exact: true })).toBeVisible()
  await expect(postView(page)).toBeHidden()
})

test('a double-tap on a touch screen likes; with reduced motion there is no burst', async ({
  browser
}) => {
  const context = await browser.newContext({ hasTouch: true, reducedMotion: 'reduce' })
  const page = await context.newPage()
  const liker = await createUser('gesttouch')
  await openSignedIn(page, liker)
  const target = card(page, 'Double-tap me')
  const photo = target.getByRole('img', { name: 'Double-tap me' })
  // Two taps as the touch screen delivers them, within one task: a loaded test machine can put
  // more than the double-tap's 300 ms between two separate tap commands.
  await photo.evaluate((element) => {
    const tap = { bubbles: true, pointerType: 'touch', clientX: 100, clientY: 100 }
    const web = globalThis as unknown as {
      PointerEvent: new (type: string, init: object) => object
    }
    const target = element as unknown as { dispatchEvent(event: object): void }
    target.dispatchEvent(new web.PointerEvent('pointerup', tap))
    target.dispatchEvent(new web.PointerEvent('pointerup', tap))
  })
  await expect(target.getByRole('button', { name: 'Unlike' })).toBeVisible()
  await expect(target.getByTestId('like-burst')).toHaveCount(0)
  await context.close()
})

test('a visitor who double-clicks a photo is asked to log in', async ({ page }) => {
  await openApp(page)
  await waitForFeed(page)
  await card(page, 'Double-tap me').getByRole('img', { name: 'Double-tap me' }).dblclick()
  await expect(ui.authDialog(page)).toBeVisible()
})

test('c and the comment icon put the caret in the comment box (keyboard and mouse)', async ({
  page
}) => {
  await openSignedIn(page, reader)
  // The keyboard: j to the first card (the single photo), c to comment, and what is typed is text.
  await page.keyboard.press('j')
  await page.keyboard.press('c')
  const box = postView(page).getByRole('textbox', { name: 'Add a comment' })
  await expect(box).toBeFocused()
  await page.keyboard.type('nice one')
  await expect(box).toHaveValue('nice one')
  await expect(ui.createDialog(page)).toBeHidden()
  await box.fill('')
  await page.keyboard.press('Escape')
  await expect(postView(page)).toBeHidden()

  // The mouse, on the carousel (whose first button is Next photo): the caret is in the box.
  const carousel = card(page, 'Three in a row')
  await carousel.getByRole('button', { name: 'Comment' }).click()
  await expect(postView(page).getByRole('textbox', { name: 'Add a comment' })).toBeFocused()
  await page.keyboard.press('Escape')

  // Opened to read (the time), `c` in the post view goes to its box.
  await card(page, 'Double-tap me').locator('time').click()
  await expect(postView(page)).toBeVisible()
  await expect(postView(page).getByRole('button', { name: /^(Like|Unlike)$/ })).not.toBeFocused()
  await page.keyboard.press('c')
  await expect(postView(page).getByRole('textbox', { name: 'Add a comment' })).toBeFocused()
})

test('/ then Escape leaves the search box, and the shortcuts work again', async ({ page }) => {
  await openApp(page)
  await waitForFeed(page)
  await page.keyboard.press('/')
  const search = page.getByRole('combobox')
  await expect(search).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(search).not.toBeFocused()
  // j moves to a post again instead of typing into the box.
  await page.keyboard.press('j')
  await expect(ui.posts(page).first()).toBeFocused()
  await expect(search).toHaveValue('')
})
