// The first hour of a new account: after sign-up the welcome asks for a profile photo, then
// suggests people to follow (both skippable, shown once); with no one followed, the Following feed
// points to people to follow instead of the home feed's "Be the first to share a moment!".

import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { MESSAGES, openApp, openSignedIn, ui, waitForFeed } from './support/app'
import { createPostAs, createUser, newCredentials } from './support/backend'
import { photoPng } from './fixtures/images'

const followingTab = (page: Page) => page.getByRole('tab', { name: 'Following' })

test('after sign-up: a profile photo, then people to follow, then the Following feed has them', async ({
  appPage: page
}) => {
  // Posted last, so the database ranks this person first among the suggestions.
  const star = await createUser('welcomestar')
  await createPostAs(star, 'A first post to follow', 23)
  const newcomer = newCredentials('newcomer')

  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Sign up', exact: true }).click()
  const signUp = ui.signUpDialog(page)
  await signUp.getByLabel('Full name', { exact: true }).fill(newcomer.fullName)
  await signUp.getByLabel('Username', { exact: true }).fill(newcomer.username)
  await signUp.getByLabel('Email', { exact: true }).fill(newcomer.email)
  await signUp.getByLabel('Password', { exact: true }).fill(newcomer.password)
  await signUp.getByRole('button', { name: 'Sign up', exact: true }).click()

  // Sign-up hashes the password and the welcome is loaded when first opened: a slow machine
  // takes its time.
  const photoStep = page.getByRole('dialog', { name: 'Add a profile photo' })
  await expect(photoStep.getByText('Step 1 of 2')).toBeVisible({ timeout: 15_000 })
  const photo = photoPng(31, 400)
  await photoStep.getByLabel('Choose a profile photo').setInputFiles({
    name: photo.name,
    mimeType: photo.mimeType,
    buffer: photo.buffer
  })

  const peopleStep = page.getByRole('dialog', { name: 'Find people to follow' })
  await expect(peopleStep.getByText('Step 2 of 2')).toBeVisible()
  // The header shows the new photo at once.
  await expect(ui.accountMenuButton(page).locator('img')).toBeVisible()
  const suggested = peopleStep.getByRole('list', { name: 'Suggested people' })
  await suggested.getByRole('button', { name: `Follow ${star.username}`, exact: true }).click()
  await expect(
    suggested.getByRole('button', { name: `Following ${star.username}`, exact: true })
  ).toBeVisible()
  await peopleStep.getByRole('button', { name: 'Done', exact: true }).click()
  await expect(peopleStep).toBeHidden()

  await followingTab(page).click()
  await expect(ui.post(page, star.username).first()).toContainText('A first post to follow')

  // Shown once: the next start goes straight to the app.
  await page.reload()
  await expect(ui.accountMenuButton(page)).toBeVisible()
  await waitForFeed(page)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('with no one followed, the Following feed points to people to follow', async ({
  appPage: page
}) => {
  const loner = await createUser('loner')
  const poster = await createUser('followme')
  await createPostAs(poster, 'Worth a follow', 24)

  await openSignedIn(page, loner)
  await followingTab(page).click()
  await waitForFeed(page)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Find people to follow' })).toBeVisible()
  await expect(main.getByText(MESSAGES.feedEmptyText)).toHaveCount(0)
  const suggested = main.getByRole('list', { name: 'Suggested people' })
  await suggested.getByRole('button', { name: `Follow ${poster.username}`, exact: true }).click()
  // The follow reloads the Following feed: their post takes the empty state's place.
  await expect(ui.post(page, poster.username).first()).toContainText('Worth a follow')
  await expect(main.getByRole('heading', { name: 'Find people to follow' })).toHaveCount(0)
})
