// "Add a comment…" on a feed card (issue #24), in the browser build against the local backend:
// the comment is posted without opening the post, shows on the card with its count, and is in
// the post view; a failure keeps the text; axe-clean in light and dark.

import { createPost } from '../../src/shared/data/post-create'
import { photoPng } from './fixtures/images'
import { checkA11yBothThemes } from './support/axe'
import { createUser } from './support/backend'
import { openSignedIn, ui, waitForFeed } from './support/app'
import { expect, test } from './support/test'

test('a comment posted from a feed card shows on the card and in the post view', async ({
  appPage: page
}, testInfo) => {
  const author = await createUser('ccauthor')
  const fan = await createUser('ccfan')
  const image = photoPng(5)
  await createPost(author.client, {
    userId: author.id,
    caption: 'Comment on my card',
    photos: [{ bytes: new Uint8Array(image.buffer), declaredType: image.mimeType, altText: 'a' }]
  })

  await openSignedIn(page, fan)
  await waitForFeed(page)
  const card = ui.post(page, author.username)
  const box = card.getByRole('textbox', { name: 'Add a comment' })
  await expect(box).toHaveAttribute('placeholder', 'Add a comment…')
  await expect(card.getByRole('button', { name: 'Post', exact: true })).toHaveCount(0)
  // Typing (and the Post button appearing) never moves the feed.
  const heightBefore = (await card.boundingBox())?.height
  await box.fill('Straight from the feed')
  await expect(card.getByRole('button', { name: 'Post', exact: true })).toBeEnabled()
  expect((await card.boundingBox())?.height).toBeCloseTo(heightBefore ?? 0, 0)

  // Over the limit: the post view's message, and the text stays.
  const tooLong = 'x'.repeat(2201)
  await box.fill(tooLong)
  await box.press('Enter')
  await expect(card.getByRole('alert')).toHaveText(/A comment can be at most 2,200 characters/)
  await expect(box).toHaveValue(tooLong)

  await box.fill('Straight from the feed')
  await card.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(card.getByRole('list', { name: 'Latest comments' })).toContainText(
    'Straight from the feed'
  )
  await expect(card.getByRole('button', { name: 'View 1 comment' })).toBeVisible()
  await expect(box).toHaveValue('')
  await expect(card.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await box.fill('Light and dark')
  await checkA11yBothThemes(page, 'feed-card-comment-box', testInfo)
  await box.fill('')

  await card.getByRole('button', { name: 'View 1 comment' }).click()
  const view = page.getByRole('dialog', { name: `Post by ${author.username}` })
  await expect(view.getByRole('article', { name: `Comment by ${fan.username}` })).toContainText(
    'Straight from the feed'
  )
})
