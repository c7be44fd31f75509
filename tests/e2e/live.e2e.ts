// Live updates between two people in two browser contexts: B's like reaches A's activity dot,
// panel and like count without a reload, and B's new post brings up A's "New posts" pill.

import { expect, test } from '@playwright/test'
import { checkA11y } from './support/axe'
import { likesLabel, openSignedIn, ui } from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'

let author: TestUser
let fan: TestUser

test.beforeAll(async () => {
  author = await createUser('liveauthor')
  fan = await createUser('livefan')
  await createPostAs(author, 'Live, please', 11)
})

test("B's like and post reach A live: dot, grouped panel, count, New posts", async ({
  browser
}, testInfo) => {
  const contextA = await browser.newContext()
  const contextB = await browser.newContext()
  const pageA = await contextA.newPage()
  const pageB = await contextB.newPage()
  try {
    await openSignedIn(pageA, author)
    const heart = ui.nav(pageA).getByRole('button', { name: /^Notifications/ })
    const dot = pageA.getByTestId('activity-dot')
    const cardA = ui.post(pageA, author.username)
    await expect(cardA.getByText(likesLabel(0), { exact: true })).toBeVisible()
    await expect(dot).toHaveCount(0)

    await openSignedIn(pageB, fan)
    await ui.post(pageB, author.username).getByRole('button', { name: 'Like', exact: true }).click()

    // No reload on A's side from here on.
    await expect(dot).toBeVisible()
    await expect(cardA.getByText(likesLabel(1), { exact: true })).toBeVisible()

    await heart.click()
    const panel = pageA.getByRole('dialog', { name: 'Notifications' })
    await expect(panel.getByRole('listitem').first()).toContainText(
      `${fan.username} liked your photo.`
    )
    await checkA11y(pageA, 'activity panel', testInfo)
    // Opening the panel marked it read.
    await expect(dot).toHaveCount(0)
    await pageA.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)

    await createPostAs(fan, 'Fresh from B', 12)
    const pill = pageA.getByRole('button', { name: 'New posts' })
    await expect(pill).toBeVisible()
    await expect(ui.post(pageA, fan.username)).toHaveCount(0)
    await pill.click()
    await expect(ui.post(pageA, fan.username)).toBeVisible()
    await expect(pill).toHaveCount(0)
  } finally {
    await contextA.close()
    await contextB.close()
  }
})
