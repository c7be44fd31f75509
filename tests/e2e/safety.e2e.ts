// Block, report with moderation, private accounts and mute, as the browser shows them (menus,
// dialogs, toasts, lists), with axe on each new dialog and screen. Who may see or do what is
// proven in tests/integration/db/safety-matrix.test.ts and safety-flows.test.ts, not here.

import { type Page } from '@playwright/test'
import { openSignedIn, ui, waitForFeed } from './support/app'
import { axeSummary, checkA11y } from './support/axe'
import {
  createPostAs,
  createUser,
  e2eEnv,
  follow,
  nodeClient,
  postStoryAs,
  type TestUser
} from './support/backend'
import { expect, test } from './support/test'

// Every test makes its own people and posts: both workers may share this long file.
test.describe.configure({ mode: 'parallel' })

test.afterAll(() => {
  console.log(axeSummary())
})

async function signedInPage(borrow: () => Promise<Page>, user: TestUser): Promise<Page> {
  const page = await borrow()
  await openSignedIn(page, user)
  return page
}

async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = target
  }, hash)
}

async function openPostOptions(page: Page, username: string): Promise<void> {
  await ui.post(page, username).first().getByRole('button', { name: 'More options' }).click()
}

test('block from a post: gone from the feed and the profile, unblocked in Settings', async ({
  otherPage
}, testInfo) => {
  // Who sees whom around a block, both ways and after unblocking, is the database's rule:
  // tests/integration/db/safety-matrix.test.ts (blocked and blocker rows) and safety-flows.test.ts
  // ("hides activity from before the block, and shows it again after unblocking").
  const ana = await createUser('blockana')
  const bob = await createUser('blockbob')
  await createPostAs(bob, 'Blocked soon', 41)
  const anaPage = await signedInPage(otherPage, ana)

  await expect(ui.post(anaPage, bob.username).first()).toBeVisible()
  await openPostOptions(anaPage, bob.username)
  await anaPage.getByRole('menuitem', { name: 'Block' }).click()
  const confirm = anaPage.getByRole('dialog', { name: `Block ${bob.username}?` })
  await expect(confirm).toBeVisible()
  await checkA11y(anaPage, 'block dialog', testInfo)
  await confirm.getByRole('button', { name: 'Block', exact: true }).click()
  await expect(anaPage.getByRole('status').getByText(`Blocked @${bob.username}`)).toBeVisible()
  await waitForFeed(anaPage)
  await expect(ui.post(anaPage, bob.username)).toHaveCount(0)

  await goTo(anaPage, `#/u/${bob.username}`)
  await expect(anaPage.getByText("Sorry, this page isn't available.")).toBeVisible()

  // Settings › Blocked accounts with someone in it: axe in settings.e2e.ts.
  await goTo(anaPage, '#/settings/blocked')
  const list = anaPage.getByRole('list', { name: 'Blocked accounts' })
  await expect(list.getByText(bob.username)).toBeVisible()
  await list.getByRole('button', { name: `Unblock ${bob.username}` }).click()
  await expect(anaPage.getByText("You haven't blocked anyone.")).toBeVisible()
  await goTo(anaPage, `#/u/${bob.username}`)
  await expect(anaPage.getByRole('heading', { name: bob.username, level: 1 })).toBeVisible()
})

test('report a post, then a moderator removes it', async ({ otherPage }, testInfo) => {
  const ana = await createUser('reportana')
  const bob = await createUser('reportbob')
  const mod = await createUser('reportmod')
  const admin = nodeClient(e2eEnv().serviceKey)
  const { error } = await admin.from('moderators').insert({ user_id: mod.id })
  expect(error).toBeNull()
  await createPostAs(bob, 'Buy followers now', 42)
  const anaPage = await signedInPage(otherPage, ana)

  await openPostOptions(anaPage, bob.username)
  await anaPage.getByRole('menuitem', { name: 'Report' }).click()
  const dialog = anaPage.getByRole('dialog', { name: 'Report this post' })
  await dialog.getByRole('radio', { name: "It's spam" }).check()
  await dialog.getByLabel('Anything else we should know? (optional)').fill('ads')
  await checkA11y(anaPage, 'report dialog', testInfo)
  await dialog.getByRole('button', { name: 'Submit report' }).click()
  await expect(anaPage.getByRole('dialog', { name: 'Thanks for reporting' })).toBeVisible()
  await checkA11y(anaPage, 'report sent', testInfo)
  await anaPage.getByRole('button', { name: 'Close', exact: true }).last().click()

  // Not a moderator: no menu item, and the view gets the database's refusal.
  await ui.accountMenuButton(anaPage).click()
  await expect(ui.accountMenu(anaPage).getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0)
  await anaPage.keyboard.press('Escape')
  await goTo(anaPage, '#/moderation')
  await expect(anaPage.getByRole('alert')).toContainText('Only moderators can do this')

  const modPage = await signedInPage(otherPage, mod)
  await ui.accountMenuButton(modPage).click()
  await ui.accountMenu(modPage).getByRole('menuitem', { name: 'Moderation' }).click()
  const report = modPage.getByRole('listitem', { name: `Report on a post by ${bob.username}` })
  await expect(report.getByText('Buy followers now')).toBeVisible()
  await checkA11y(modPage, 'moderation view', testInfo)
  await report.getByRole('button', { name: 'Remove post' }).click()
  await expect(modPage.getByText('No open reports.')).toBeVisible()
  // The removed post is gone for everyone, its photo with it: safety-flows.test.ts ("removes a
  // reported post with its photo, through the removal queue").
})

test('a private account: Requested, approved in Settings, then the grid shows', async ({
  otherPage
}, testInfo) => {
  const ana = await createUser('privana')
  const bob = await createUser('privbob')
  await createPostAs(ana, 'Only for friends', 43)
  const anaPage = await signedInPage(otherPage, ana)

  await goTo(anaPage, '#/settings/privacy')
  const toggle = anaPage.getByRole('switch', { name: 'Private account' })
  await toggle.check()
  await expect(toggle).toBeChecked()

  // Who reads a private account's posts (the feed, the grid) is the database's rule:
  // safety-matrix.test.ts, "with the owner private".
  const bobPage = await signedInPage(otherPage, bob)
  await goTo(bobPage, `#/u/${ana.username}`)
  await expect(bobPage.getByText('This account is private')).toBeVisible()
  await checkA11y(bobPage, 'private profile', testInfo)
  await bobPage.getByRole('button', { name: `Follow ${ana.username}` }).click()
  await expect(bobPage.getByRole('button', { name: `Requested ${ana.username}` })).toBeVisible()

  await anaPage.reload()
  await expect(anaPage.getByRole('list', { name: 'Follow requests' })).toBeVisible()
  await anaPage.getByRole('button', { name: `Confirm ${bob.username}` }).click()
  await expect(anaPage.getByText('No follow requests.')).toBeVisible()

  await bobPage.reload()
  await expect(bobPage.getByRole('button', { name: `Following ${ana.username}` })).toBeVisible()
  await expect(ui.profileGrid(bobPage)).toBeVisible()
})

test("mute someone's posts from their profile: out of the feed, listed in Settings", async ({
  otherPage
}, testInfo) => {
  const ana = await createUser('muteana')
  const bob = await createUser('mutebob')
  await createPostAs(bob, 'Too many posts', 44)
  const anaPage = await signedInPage(otherPage, ana)
  await expect(ui.post(anaPage, bob.username).first()).toBeVisible()

  await goTo(anaPage, `#/u/${bob.username}`)
  await anaPage.getByRole('button', { name: `Options for ${bob.username}` }).click()
  // The menu's code loads on the first open: check it once it is there.
  await expect(anaPage.getByRole('menuitem', { name: 'Mute' })).toBeVisible()
  await checkA11y(anaPage, 'profile options', testInfo)
  await anaPage.getByRole('menuitem', { name: 'Mute' }).click()
  const dialog = anaPage.getByRole('dialog', { name: `Mute ${bob.username}` })
  await dialog.getByRole('checkbox', { name: 'Mute stories' }).uncheck()
  await checkA11y(anaPage, 'mute dialog', testInfo)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(anaPage.getByRole('status').getByText(`Muted @${bob.username}`)).toBeVisible()

  await goTo(anaPage, '#/')
  await waitForFeed(anaPage)
  await expect(ui.post(anaPage, bob.username)).toHaveCount(0)
  await goTo(anaPage, '#/settings/muted')
  const list = anaPage.getByRole('list', { name: 'Muted accounts' })
  await expect(list.getByText('Posts muted')).toBeVisible()
})

test('report a story and block its author from the story viewer', async ({ otherPage }) => {
  const ana = await createUser('storyreportana')
  const bob = await createUser('storyreportbob')
  await follow(ana, bob)
  await postStoryAs(bob, 'not nice', 7)
  const anaPage = await signedInPage(otherPage, ana)
  const strip = anaPage.getByRole('region', { name: 'Stories' })
  const bobStory = strip.getByRole('button', { name: `${bob.username}'s story`, exact: true })
  await bobStory.click()
  const viewer = anaPage.getByRole('dialog', { name: `Stories by ${bob.username}` })
  await expect(viewer.getByRole('img', { name: 'not nice' })).toBeVisible()

  await viewer.getByRole('button', { name: `Report or block ${bob.username}` }).click()
  await anaPage.getByRole('menuitem', { name: 'Report' }).click()
  const report = anaPage.getByRole('dialog', { name: 'Report this story' })
  await report.getByRole('radio', { name: "It's spam" }).check()
  await report.getByRole('button', { name: 'Submit report' }).click()
  await expect(anaPage.getByRole('dialog', { name: 'Thanks for reporting' })).toBeVisible()
  await anaPage.getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(anaPage.getByRole('dialog', { name: 'Thanks for reporting' })).toHaveCount(0)
  await expect(viewer).toBeVisible()
  const admin = nodeClient(e2eEnv().serviceKey)
  const { data: reports } = await admin
    .from('reports')
    .select('target_type')
    .eq('reporter_id', ana.id)
  expect(reports).toEqual([{ target_type: 'story' }])

  await viewer.getByRole('button', { name: `Report or block ${bob.username}` }).click()
  await anaPage.getByRole('menuitem', { name: 'Block' }).click()
  await anaPage
    .getByRole('dialog', { name: `Block ${bob.username}?` })
    .getByRole('button', { name: 'Block', exact: true })
    .click()
  await expect(viewer).toHaveCount(0)
  await expect(bobStory).toHaveCount(0)
})
