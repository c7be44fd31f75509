// Unfollowing from the side panel's suggestions asks first ("Unfollow @name?"), over the page:
// opening the question leaves the page where it was (docs/product.md, "Likes, saved, tags and
// suggestions").

import { expect, test } from './support/test'
import { openSignedIn } from './support/app'
import { createUser, createUserWithPosts, type TestUser } from './support/backend'

let viewer: TestUser

/** The page's globals this spec reads (the e2e project has no DOM types). */
interface PageGlobals {
  scrollY: number
  document: { documentElement: { scrollHeight: number } }
}

test.beforeAll(async () => {
  // Posts enough for the page to scroll, by someone the side panel suggests.
  await createUserWithPosts('suggested', 3, { caption: 'Suggested' })
  viewer = await createUser('unfollower')
})

test.use({ viewport: { width: 1280, height: 800 } })

test('the Unfollow question opens without scrolling the page', async ({ page }) => {
  await openSignedIn(page, viewer)
  const panel = page.getByRole('complementary', { name: 'Suggestions' })
  const follow = panel.getByRole('button', { name: /^Follow / }).first()
  const name = ((await follow.getAttribute('aria-label')) ?? '').replace(/^Follow /, '')
  await follow.click()
  const following = panel.getByRole('button', { name: `Following ${name}` })
  await expect(following).toBeVisible()
  const scrolled = (): Promise<number> =>
    page.evaluate(() => (globalThis as unknown as PageGlobals).scrollY)
  expect(
    await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollHeight
    )
  ).toBeGreaterThan(1000)
  const before = await scrolled()

  await following.click()
  const question = page.getByRole('dialog', { name: `Unfollow ${name}?` })
  await expect(question.getByRole('button', { name: 'Unfollow', exact: true })).toBeFocused()
  expect(await scrolled()).toBe(before)

  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await expect(following).toBeFocused()
  expect(await scrolled()).toBe(before)
})
