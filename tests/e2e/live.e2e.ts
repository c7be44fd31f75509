// Live updates between people in two browser contexts: B likes and comments on A's post (and a
// third person likes it too); A's activity dot, grouped panel, like count, comment count and
// latest comments all follow without a reload, and B's new post brings up A's "New posts" pill.
// B following and unfollowing A moves the counts on A's own profile page live, and on B's
// pages at once.

import { checkA11y } from './support/axe'
import { likesLabel, openProfile, openSignedIn, ui } from './support/app'
import { createPostAs, createUser, e2eEnv, likeAs, type TestUser } from './support/backend'
import type { Post } from '../../src/shared/domain'
import { expect, test } from './support/test'

let author: TestUser
let fan: TestUser
let friend: TestUser
let post: Post

test.beforeAll(async () => {
  author = await createUser('liveauthor')
  fan = await createUser('livefan')
  friend = await createUser('livefriend')
  post = await createPostAs(author, 'Live, please', 11)
})

test("B's like, comment and post reach A live: dot, grouped panel, counts, New posts", async ({
  otherPage
}, testInfo) => {
  const pageA = await otherPage()
  const pageB = await otherPage()
  await openSignedIn(pageA, author)
  const heart = ui.nav(pageA).getByRole('button', { name: /^Notifications/ })
  const dot = pageA.getByTestId('activity-dot')
  const cardA = ui.post(pageA, author.username)
  await expect(cardA.getByText(likesLabel(0), { exact: true })).toBeVisible()
  await expect(cardA.getByRole('button', { name: /^View .*comment/ })).toHaveCount(0)
  await expect(dot).toHaveCount(0)

  // B likes and comments through the app's own buttons.
  await openSignedIn(pageB, fan)
  const cardB = ui.post(pageB, author.username)
  await cardB.getByRole('button', { name: 'Like', exact: true }).click()
  await cardB.getByRole('button', { name: 'Comment', exact: true }).click()
  const viewB = pageB.getByRole('dialog', {
    name: `Post by ${author.username}`
  })
  const box = viewB.getByRole('textbox', { name: 'Add a comment' })
  await box.fill('Seen it live')
  await box.press('Enter')
  await expect(viewB.getByRole('article', { name: `Comment by ${fan.username}` })).toBeVisible()
  // A third person likes it too, so the likes fold into one line.
  await likeAs(friend, post)

  // No reload on A's side from here on.
  await expect(dot).toBeVisible()
  await expect(cardA.getByText(likesLabel(2), { exact: true })).toBeVisible()
  await expect(cardA.getByRole('button', { name: 'View 1 comment', exact: true })).toBeVisible()
  await expect(cardA.getByRole('list', { name: 'Latest comments' })).toContainText(
    `${fan.username} Seen it live`
  )

  await heart.click()
  const panel = pageA.getByRole('dialog', { name: 'Notifications' })
  const lines = panel.getByRole('listitem')
  // Newest line first: the two likes as one line, then the comment.
  await expect(lines).toHaveCount(2)
  await expect(lines.nth(0)).toContainText(
    `${friend.username} and ${fan.username} liked your photo.`
  )
  // The comment line quotes the comment, as the network's does.
  await expect(lines.nth(1)).toContainText(`${fan.username} commented: Seen it live`)
  await checkA11y(pageA, 'activity panel', testInfo)
  // Opening the panel marked it read.
  await expect(dot).toHaveCount(0)
  // A line opens what it is about: the comment line, the post with B's comment.
  await lines.nth(1).getByRole('button').click()
  await expect(panel).toHaveCount(0)
  const viewA = pageA.getByRole('dialog', {
    name: `Post by ${author.username}`
  })
  await expect(viewA.getByRole('article', { name: `Comment by ${fan.username}` })).toContainText(
    'Seen it live'
  )
  await pageA.keyboard.press('Escape')
  await expect(viewA).toHaveCount(0)

  await createPostAs(fan, 'Fresh from B', 12)
  const pill = pageA.getByRole('button', { name: 'New posts' })
  await expect(pill).toBeVisible()
  await expect(ui.post(pageA, fan.username)).toHaveCount(0)
  await pill.click()
  await expect(ui.post(pageA, fan.username)).toBeVisible()
  await expect(ui.post(pageA, fan.username)).toContainText('Fresh from B')
  await expect(pill).toHaveCount(0)
  // Nothing was lost on the way: A's own card still shows what B did.
  await expect(cardA.getByText(likesLabel(2), { exact: true })).toBeVisible()
})

test("B's follow and unfollow move the counts on A's profile live, and on B's at once", async ({
  otherPage
}) => {
  const pageA = await otherPage()
  const pageB = await otherPage()
  const followers = (page: typeof pageA) => ui.profileStats(page).getByRole('listitem').nth(1)
  const following = (page: typeof pageA) => ui.profileStats(page).getByRole('listitem').nth(2)
  await openSignedIn(pageA, author)
  await openProfile(pageA)
  await expect(followers(pageA)).toHaveText('0 followers')

  await openSignedIn(pageB, fan)
  const authorProfile = `${e2eEnv().webUrl}#/u/${author.username}`
  await pageB.goto(authorProfile)
  const main = pageB.getByRole('main')
  await main.getByRole('button', { name: `Follow ${author.username}`, exact: true }).click()
  await expect(followers(pageB)).toHaveText('1 follower')
  // A, looking at their own profile, sees the new follower without a reload.
  await expect(followers(pageA)).toHaveText('1 follower')
  await openProfile(pageB)
  await expect(following(pageB)).toHaveText('1 following')

  await pageB.goto(authorProfile)
  await main.getByRole('button', { name: `Following ${author.username}`, exact: true }).click()
  const confirm = pageB.getByRole('dialog', {
    name: `Unfollow ${author.username}?`
  })
  await confirm.getByRole('button', { name: 'Unfollow', exact: true }).click()
  await expect(followers(pageB)).toHaveText('0 followers')
  // The unfollow reaches A live too (no notification announces it).
  await expect(followers(pageA)).toHaveText('0 followers')
  await openProfile(pageB)
  await expect(following(pageB)).toHaveText('0 following')
})
