// Direct messages between two people side by side (two browser contexts): A writes to B, who
// does not follow A, so it lands in B's Requests; B accepts, both write and each sees the other
// live; hearts, "Seen" and unsend follow without a reload; a message A sends while offline
// shows a pending mark and reaches B exactly once after A reconnects. axe runs on each screen;
// with SHOTS_DIR set, each is also shot in light and dark (shootBothThemes).

import { type Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { openSignedIn, shootBothThemes, ui } from './support/app'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let alice: TestUser
let bob: TestUser

test.beforeAll(async () => {
  alice = await createUser('dmalice')
  bob = await createUser('dmbob')
})

const history = (page: Page) => page.getByRole('list', { name: 'Messages' })
const message = (page: Page, text: string) => history(page).getByText(text, { exact: true })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

test.setTimeout(240_000)

test('request, accept, live messages both ways, heart, Seen, unsend, offline send once', async ({
  otherPage
}, testInfo) => {
  const pageA = await otherPage()
  const pageB = await otherPage()
  await pageA.setViewportSize({ width: 1280, height: 800 })
  await pageB.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(pageA, alice)
  await openSignedIn(pageB, bob)

  // A starts a thread with B from the paper-plane.
  await ui.nav(pageA).getByRole('button', { name: 'Messages' }).click()
  await expect(pageA.getByRole('heading', { name: 'Your messages' })).toBeVisible()
  await checkA11y(pageA, 'direct inbox (empty)', testInfo)
  await shootBothThemes(pageA, 'direct-empty')
  await pageA.getByRole('button', { name: 'New message' }).click()
  await pageA.getByRole('searchbox', { name: 'To' }).fill(bob.username)
  await pageA
    .getByRole('button', { name: new RegExp(bob.username) })
    .first()
    .click()
  await checkA11y(pageA, 'direct new message', testInfo)
  await pageA.getByRole('button', { name: 'Chat', exact: true }).click()
  await composer(pageA).fill('Hello Bob')
  await composer(pageA).press('Enter')
  await expect(message(pageA, 'Hello Bob')).toBeVisible()

  // B has it as a request, accepts and answers.
  await ui.nav(pageB).getByRole('button', { name: 'Messages' }).click()
  await pageB.getByRole('tab', { name: /Requests/ }).click()
  const request = pageB.getByRole('button', { name: new RegExp(alice.username) })
  await expect(request).toBeVisible()
  await checkA11y(pageB, 'direct requests', testInfo)
  await shootBothThemes(pageB, 'direct-requests')
  await pageB.getByRole('button', { name: 'Accept', exact: true }).first().click()
  await pageB.getByRole('tab', { name: 'Inbox' }).click()
  await pageB.getByRole('button', { name: new RegExp(alice.username) }).click()
  await expect(message(pageB, 'Hello Bob')).toBeVisible()
  await composer(pageB).fill('Hi Alice')
  await composer(pageB).press('Shift+Enter')
  await composer(pageB).type('two lines')
  await composer(pageB).press('Enter')

  // A sees the answer live, and "Seen" under her own message went away for the newer one.
  await expect(message(pageA, 'Hi Alice\ntwo lines')).toBeVisible()
  await composer(pageA).fill('Great')
  await composer(pageA).press('Enter')
  await expect(message(pageB, 'Great')).toBeVisible()
  await expect(history(pageA).getByText('Seen', { exact: true })).toBeVisible()

  // B hearts A's message; A sees the heart.
  const greatB = history(pageB).getByRole('listitem').filter({ hasText: 'Great' })
  await greatB.hover()
  await greatB.getByRole('button', { name: 'Heart', exact: true }).click()
  const greatA = history(pageA).getByRole('listitem').filter({ hasText: 'Great' })
  await expect(greatA.getByLabel('1 hearts')).toBeVisible()
  await checkA11y(pageA, 'direct thread', testInfo)
  await shootBothThemes(pageA, 'direct-thread')

  // A unsends it: gone on both sides.
  await greatA.hover()
  await greatA.getByRole('button', { name: 'Unsend' }).click()
  await expect(message(pageA, 'Great')).toHaveCount(0)
  await expect(message(pageB, 'Great')).toHaveCount(0)

  // Offline: pending, then delivered exactly once after reconnecting.
  await pageA.context().setOffline(true)
  await composer(pageA).fill('Sent from the train')
  await composer(pageA).press('Enter')
  await expect(history(pageA).getByRole('status').filter({ hasText: 'Sending…' })).toBeVisible()
  await pageA.context().setOffline(false)
  await expect(history(pageA).getByText('Sending…')).toHaveCount(0, { timeout: 20_000 })
  await expect(message(pageB, 'Sent from the train')).toHaveCount(1)
  await pageB.reload()
  await expect(message(pageB, 'Sent from the train')).toHaveCount(1)
})
