// Direct messages offline, in a real browser (docs/product.md, "Offline"): the inbox and a
// thread read once online are there again after a reload with the backend unreachable, under
// the offline banner, and after navigating away and back; a message written there shows its
// pending mark and reaches the other person exactly once when the connection returns. (A send
// that goes offline in a thread open online, without a reload, is in direct.e2e.ts.)

import { randomUUID } from 'node:crypto'
import { type Page } from '@playwright/test'
import { MESSAGES, openSignedIn, reloadApp, ui } from './support/app'
import { createUser, e2eEnv } from './support/backend'
import { readOfflineCache } from '../support/chromium/offline-cache'
import { acceptRequest, startThread } from '../../src/shared/data/direct/threads'
import { fetchHistory, sendMessage } from '../../src/shared/data/direct/messages'
import { expect, test } from './support/test'

const history = (page: Page) => page.getByRole('list', { name: 'Messages' })
const message = (page: Page, text: string) => history(page).getByText(text, { exact: true })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

/** Every request to the backend fails the way a dropped network does. */
async function cutBackend(page: Page): Promise<void> {
  await page.route(`${new URL(e2eEnv().apiUrl).origin}/**`, (route) =>
    route.abort('internetdisconnected')
  )
}

/** The connection returns: the backend answers again and the browser says it is online. */
async function reconnect(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.context().setOffline(true)
  await page.context().setOffline(false)
}

async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = target
  }, hash)
}

test.setTimeout(180_000)

test('the inbox and a thread read online are readable offline; a message written there arrives once', async ({
  appPage: page
}, testInfo) => {
  const reader = await createUser('dmoffreader')
  const friend = await createUser('dmofffriend')
  const thread = await startThread(friend.client, [reader.id])
  await acceptRequest(reader.client, thread, reader.id)
  for (const body of ['Are you on the train?', 'Send me the photos when you can']) {
    await sendMessage(
      friend.client,
      { id: randomUUID(), threadId: thread, senderId: friend.id },
      { kind: 'text', body }
    )
  }

  // Online: the inbox, then the thread, each saved as it is read.
  await openSignedIn(page, reader)
  await ui.nav(page).getByRole('button', { name: 'Messages' }).click()
  const row = page.getByRole('button', { name: new RegExp(friend.username) })
  await expect(row).toBeVisible()
  await row.click()
  await expect(message(page, 'Send me the photos when you can')).toBeVisible()
  const saved = `${reader.id}\u0000direct-thread:${thread}`
  await expect.poll(async () => (await readOfflineCache(page)).answerIds).toContain(saved)

  // Offline: a reload shows the saved inbox and thread under the banner.
  await cutBackend(page)
  await reloadApp(page)
  const banner = page.getByRole('status').filter({ hasText: MESSAGES.offlineBanner })
  await expect(banner).toBeVisible()
  await expect(message(page, 'Are you on the train?')).toBeVisible()
  await expect(message(page, 'Send me the photos when you can')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('direct-offline-thread.png') })

  // Away and back: the inbox row, then the thread again.
  await goTo(page, '#/')
  await goTo(page, '#/direct')
  await expect(page.getByRole('heading', { name: 'Your messages' })).toBeVisible()
  await expect(row).toBeVisible()
  await row.click()
  await expect(message(page, 'Send me the photos when you can')).toBeVisible()
  await expect(banner).toBeVisible()

  // Written offline: shown with its pending mark, delivered exactly once when back online.
  await composer(page).fill('Photos coming when I have signal')
  await composer(page).press('Enter')
  await expect(history(page).getByRole('status').filter({ hasText: 'Sending…' })).toBeVisible()
  await reconnect(page)
  await expect(history(page).getByText('Sending…')).toHaveCount(0, { timeout: 30_000 })
  await expect(banner).toBeHidden({ timeout: 15_000 })
  await expect
    .poll(async () =>
      (await fetchHistory(friend.client, thread)).items.filter(
        (item) => item.body === 'Photos coming when I have signal'
      )
    )
    .toHaveLength(1)
  await expect(message(page, 'Photos coming when I have signal')).toHaveCount(1)
})
