// One colour per person: an initials avatar takes its gradient from the person's id, so the same
// person looks the same in the header, the side panel, the feed, their profile and the messages
// (docs/product.md, the look-and-feel notes).

import { randomUUID } from 'node:crypto'
import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { openProfile, openSignedIn, ui } from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { startThread } from '../../src/shared/data/direct/threads'

let viewer: TestUser
let friend: TestUser

test.beforeAll(async () => {
  ;[viewer, friend] = await Promise.all([createUser('colourme'), createUser('colourfriend')])
  await createPostAs(friend, 'A friend without a photo', 17)
  await createPostAs(viewer, 'Me without a photo', 18)
  const thread = await startThread(viewer.client, [friend.id])
  const { error } = await viewer.client.from('direct_messages').insert({
    id: randomUUID(),
    thread_id: thread,
    sender_id: viewer.id,
    kind: 'text',
    body: 'Same colour?'
  })
  expect(error).toBeNull()
})

/** The gradient of the initials avatar inside `where`. */
async function gradientIn(where: Locator): Promise<string> {
  const avatar = where.locator('[style*="linear-gradient"]').first()
  await expect(avatar).toBeVisible()
  return avatar.evaluate(
    (node) => (node as unknown as { style: { backgroundImage: string } }).style.backgroundImage
  )
}

const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Suggestions' })

test("a person's initials avatar has one colour on every screen", async ({ appPage: page }) => {
  await openSignedIn(page, viewer)

  // Oneself: header, side panel, own post, own profile.
  const own = await gradientIn(ui.accountMenuButton(page))
  // The side panel starts with the signed-in user.
  expect(await gradientIn(sidePanel(page))).toBe(own)
  expect(await gradientIn(ui.post(page, viewer.username).first())).toBe(own)

  // The friend: their post in the feed, their thread in the messages.
  const theirs = await gradientIn(ui.post(page, friend.username).first())
  expect(theirs).not.toBe(own)
  await ui.nav(page).getByRole('button', { name: 'Messages' }).click()
  const thread = page.getByRole('button', { name: new RegExp(friend.username) }).first()
  expect(await gradientIn(thread)).toBe(theirs)

  await openProfile(page)
  expect(await gradientIn(page.getByRole('region', { name: `${viewer.username}'s profile` }))).toBe(
    own
  )
})
