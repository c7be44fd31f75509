// Others' changes reach an open post and a hashtag page without a reload (two browser contexts):
// a comment the author writes in a feed card's box appears in the reader's open post view, a
// post the author deletes leaves the reader's hashtag page, and the open post, deleted too,
// gives way to "Sorry, this page isn't available.".

import { deletePost } from '../../src/shared/data/post-edits'
import { openSignedIn, ui } from './support/app'
import { createPostAs, createUser, e2eEnv } from './support/backend'
import { expect, test } from './support/test'

test("a card comment and a deleted post reach another person's open post and tag page live", async ({
  otherPage
}) => {
  const author = await createUser('ldauthor')
  const reader = await createUser('ldreader')
  const tag = `livedrop${Date.now()}`
  const kept = await createPostAs(author, `Stays #${tag}`, 31)
  const gone = await createPostAs(author, `Goes #${tag}`, 32)
  const pageA = await otherPage()
  const pageB = await otherPage()
  await openSignedIn(pageB, reader)
  await pageB.goto(`${e2eEnv().webUrl}#/t/${tag}`)
  const grid = pageB.getByRole('list', {
    name: `Recent posts of #${tag}`,
    exact: true
  })
  await expect(grid.getByRole('listitem')).toHaveCount(2)
  await grid.getByRole('button', { name: `Stays #${tag}` }).click()
  const view = pageB.getByRole('dialog', {
    name: `Post by ${author.username}`
  })
  await expect(view.getByText('No comments yet')).toBeVisible()

  // The author comments from the feed card's own box.
  await openSignedIn(pageA, author)
  const card = ui.post(pageA, author.username).filter({ hasText: 'Stays' })
  await card.getByRole('textbox', { name: 'Add a comment' }).fill('Written on the card')
  await card.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(card.getByRole('list', { name: 'Latest comments' })).toContainText(
    'Written on the card'
  )
  await expect(view.getByRole('article', { name: `Comment by ${author.username}` })).toContainText(
    'Written on the card'
  )

  // The other post goes: it leaves the tag page behind the open post.
  await deletePost(author.client, gone.id)
  await expect(grid.getByRole('listitem')).toHaveCount(1)
  await expect(grid.getByRole('button', { name: `Goes #${tag}` })).toHaveCount(0)
  await expect(pageB.getByRole('button', { name: `Goes #${tag}` })).toHaveCount(0)

  // The open one goes too: its route says the post is no longer there.
  await deletePost(author.client, kept.id)
  await expect(
    pageB.getByRole('heading', { name: "Sorry, this page isn't available." })
  ).toBeVisible()
})
