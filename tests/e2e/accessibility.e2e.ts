// axe-core on every screen and modal. Serious and critical violations fail; all of them
// (minor and moderate too) are printed per screen and summed up after the file.

import { photoPng, textFile } from './fixtures/images'
import {
  chooseFile,
  discardPost,
  openApp,
  openCreatePost,
  openProfile,
  openSignedIn,
  ui,
  waitForFeed
} from './support/app'
import { axeSummary, checkA11y } from './support/axe'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('axeuser')
  await createPostAs(user, 'Accessible by design', 31)
})

test.afterAll(() => {
  console.log(axeSummary())
})

test('signed out: feed, sign-in modal and sign-up modal', async ({ appPage: page }, testInfo) => {
  await openApp(page)
  await waitForFeed(page)
  await expect(ui.posts(page).first()).toBeVisible()
  await checkA11y(page, 'feed (signed out)', testInfo)

  await ui.logIn(page).click()
  await expect(ui.authDialog(page)).toBeVisible()
  await checkA11y(page, 'auth modal (sign in)', testInfo)

  await ui.authDialog(page).getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(ui.signUpDialog(page)).toBeVisible()
  await checkA11y(page, 'auth modal (sign up)', testInfo)

  // An error line in the modal (a username the client refuses, so no request is needed).
  const dialog = ui.signUpDialog(page)
  await dialog.getByLabel('Full name', { exact: true }).fill('Axe Error')
  await dialog.getByLabel('Username', { exact: true }).fill('No Spaces Allowed')
  await dialog.getByLabel('Email', { exact: true }).fill('axe.error@example.com')
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-123')
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(dialog.getByRole('alert')).toBeVisible()
  await checkA11y(page, 'auth modal (error)', testInfo)
})

test('signed in: feed, avatar menu, create-post modal and profile', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, user)
  await expect(ui.post(page, user.username).first()).toBeVisible()
  await checkA11y(page, 'feed (signed in)', testInfo)

  await ui.accountMenuButton(page).click()
  await expect(ui.accountMenu(page)).toBeVisible()
  await checkA11y(page, 'avatar menu (open)', testInfo)
  await page.keyboard.press('Escape')
  await expect(ui.accountMenu(page)).toHaveCount(0)

  const dialog = await openCreatePost(page)
  await checkA11y(page, 'create-post modal (empty)', testInfo)

  await chooseFile(page, textFile())
  await expect(dialog.getByRole('alert')).toBeVisible()
  await checkA11y(page, 'create-post modal (error)', testInfo)

  await chooseFile(page, photoPng(32))
  await expect(ui.preview(page)).toBeVisible()
  await ui.caption(page).fill('Checking contrast')
  await checkA11y(page, 'create-post modal (preview)', testInfo)
  await page.keyboard.press('Escape')
  await discardPost(page)

  await openProfile(page)
  await expect(ui.profileGrid(page).getByRole('listitem')).toHaveCount(1)
  await checkA11y(page, 'profile', testInfo)
})
