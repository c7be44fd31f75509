// The message thread between two people (two browser contexts): "typing…" goes with the
// typist's message, New message opens with its search field focused, one's own bubbles are blue
// (white text, axe-clean in both themes) with the other person's avatar beside their runs, and
// the composer's emoji picker (keyboard) and photo button send what they offer.

import { sendMessage } from '../../src/shared/data/direct/messages'
import { startThread } from '../../src/shared/data/direct/threads'
import { newRowId } from '../../src/shared/data/idempotent'
import { photoPng } from './fixtures/images'
import { checkA11yBothThemes } from './support/axe'
import { openSignedIn, shootBothThemes, ui } from './support/app'
import { createUser, e2eEnv, follow, type TestUser } from './support/backend'
import { expect, test } from './support/test'

async function say(from: TestUser, threadId: string, body: string): Promise<void> {
  await sendMessage(
    from.client,
    { id: newRowId(), threadId, senderId: from.id },
    { kind: 'text', body }
  )
}

test('typing ends with the message; blue bubbles, avatars, emoji and photo in the composer', async ({
  otherPage
}, testInfo) => {
  const ana = await createUser('dcana')
  const ben = await createUser('dcben')
  // Ben follows Ana, so her messages land in his inbox, not in Requests.
  await follow(ben, ana)
  const threadId = await startThread(ana.client, [ben.id])
  await say(ana, threadId, 'Are you coming tonight?')
  await say(ana, threadId, 'Bring the camera')
  await say(ben, threadId, 'Sure, see you at eight')

  const viewport = { width: 1280, height: 800 }
  const pageA = await otherPage()
  const pageB = await otherPage()
  await pageA.setViewportSize(viewport)
  await pageB.setViewportSize(viewport)
  const thread = `${e2eEnv().webUrl}#/direct/${threadId}`
  const history = (page: typeof pageA) => page.getByRole('list', { name: 'Messages' })
  const composer = (page: typeof pageA) => page.getByRole('textbox', { name: 'Message' })
  // New message opens ready to type a name.
  await openSignedIn(pageA, ana)
  await ui.nav(pageA).getByRole('button', { name: 'Messages' }).click()
  await pageA.getByRole('button', { name: 'New message' }).click()
  await expect(pageA.getByRole('searchbox', { name: 'To' })).toBeFocused()
  await pageA.getByRole('button', { name: 'Cancel' }).click()

  await pageA.goto(thread)
  await openSignedIn(pageB, ben)
  await pageB.goto(thread)
  await expect(history(pageB).getByText('Sure, see you at eight')).toBeVisible()

  // Ana's run of two messages has her avatar once, beside the last; Ben's own bubble is blue.
  const anaRows = history(pageB)
    .getByRole('listitem')
    .filter({ hasText: /tonight|camera/ })
  await expect(anaRows).toHaveCount(2)
  await expect(anaRows.nth(0).getByTestId('message-sender')).toHaveCount(0)
  await expect(anaRows.nth(1).getByTestId('message-sender')).toHaveCount(1)
  const own = history(pageB).getByText('Sure, see you at eight')
  const bubble = own.locator('..')
  await expect(bubble).toHaveCSS('background-color', 'rgb(0, 116, 204)')
  await expect(bubble).toHaveCSS('color', 'rgb(255, 255, 255)')

  // Ana types: Ben sees it; her message arrives and "typing…" goes with it.
  const typing = pageB.getByText(`${ana.username} typing…`)
  await composer(pageA).fill('On my way')
  await expect(typing).toBeVisible()
  await composer(pageA).press('Enter')
  await expect(history(pageB).getByText('On my way')).toBeVisible()
  await expect(typing).toHaveCount(0)

  // Ben answers with an emoji, by keyboard.
  const emojiButton = pageB.getByRole('button', { name: 'Emoji' })
  await composer(pageB).fill('See you ')
  await emojiButton.focus()
  await pageB.keyboard.press('Enter')
  const picker = pageB.getByRole('dialog', { name: 'Choose an emoji' })
  await expect(picker.getByRole('button', { name: 'grinning face', exact: true })).toBeFocused()
  await pageB.keyboard.press('ArrowDown')
  await expect(picker.getByRole('button', { name: 'partying face', exact: true })).toBeFocused()
  await checkA11yBothThemes(pageB, 'direct thread with emoji picker', testInfo)
  await shootBothThemes(pageB, 'thread-emoji')
  await pageB.keyboard.press('Enter')
  await pageB.keyboard.press('Escape')
  await expect(picker).toHaveCount(0)
  await expect(emojiButton).toBeFocused()
  await expect(composer(pageB)).toHaveValue('See you 🥳')
  await composer(pageB).press('Enter')
  await expect(history(pageA).getByText('See you 🥳')).toBeVisible()

  // The photo button sends a photo into the thread.
  const chooser = pageB.waitForEvent('filechooser')
  await pageB.getByRole('button', { name: 'Send a photo' }).click()
  await (await chooser).setFiles(photoPng(41))
  await expect(history(pageA).getByRole('img', { name: 'Photo' })).toBeVisible()
  await expect(history(pageB).getByRole('img', { name: 'Photo' })).toBeVisible()
})
