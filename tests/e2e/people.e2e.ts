// People in a real browser: following from the suggestions (the profile, its count and the
// Following tab all agree, and unfollowing reverts all three), search by part of a full name,
// editing the profile (name, bio, avatar everywhere), Back/Forward through feed → profile →
// followers → profile, and axe on every new screen (the not-found page's: nav-routes.e2e.ts).

import { type Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import { e2eEnv, createPostAs, createUser, follow, type TestUser } from './support/backend'
import { openProfile, openSignedIn, reloadApp, ui, waitForFeed } from './support/app'
import { axeSummary, checkA11y } from './support/axe'
import { expect, test } from './support/test'

const suggestions = (page: Page) => page.getByRole('complementary', { name: 'Suggestions' })
const profileHeading = (page: Page, username: string) =>
  page.getByRole('heading', { level: 1, name: username, exact: true })
const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Feed' }).getByRole('tab', { name, exact: true })

test.afterAll(() => {
  console.log(axeSummary())
})

test.describe('following', () => {
  let star: TestUser
  let friend: TestUser
  let reader: TestUser

  test.beforeAll(async () => {
    star = await createUser('star')
    friend = await createUser('friend')
    reader = await createUser('reader')
    await createPostAs(star, 'Shining bright', 41)
    // The reader follows a friend who follows the star: the star is the top suggestion.
    await follow(friend, star)
    await follow(reader, friend)
  })

  test('follow from suggestions: profile, count and Following tab agree; unfollow reverts them', async ({
    appPage: page
  }, testInfo) => {
    await openSignedIn(page, reader)
    const panel = suggestions(page)
    const suggestion = panel.getByRole('button', { name: `Follow ${star.username}`, exact: true })
    await expect(suggestion).toBeVisible()
    await expect(panel.getByText('Followed by 1 person you follow')).toBeVisible()
    await suggestion.click()
    await expect(
      panel.getByRole('button', { name: `Following ${star.username}`, exact: true })
    ).toHaveAttribute('aria-pressed', 'true')

    await panel.getByRole('link', { name: star.username, exact: true }).click()
    await expect(profileHeading(page, star.username)).toBeVisible()
    const followingButton = page
      .getByRole('main')
      .getByRole('button', { name: `Following ${star.username}`, exact: true })
    await expect(followingButton).toHaveAttribute('aria-pressed', 'true')
    await expect(ui.profileStats(page).getByRole('listitem').nth(1)).toHaveText('2 followers')
    await checkA11y(page, 'profile of someone you follow', testInfo)

    await page.getByRole('button', { name: 'Home', exact: true }).click()
    await tab(page, 'Following').click()
    await expect(tab(page, 'Following')).toHaveAttribute('aria-selected', 'true')
    await expect(ui.post(page, star.username)).toBeVisible()
    await checkA11y(page, 'Following tab', testInfo)

    // Unfollow from the post's author link → profile → confirmation.
    await ui.post(page, star.username).getByRole('link', { name: star.username }).click()
    await followingButton.click()
    const confirm = page.getByRole('dialog', { name: `Unfollow ${star.username}?` })
    await expect(confirm).toBeVisible()
    await checkA11y(page, 'unfollow confirmation', testInfo)
    await confirm.getByRole('button', { name: 'Unfollow', exact: true }).click()
    await expect(confirm).toBeHidden()
    const followButton = page
      .getByRole('main')
      .getByRole('button', { name: `Follow ${star.username}`, exact: true })
    await expect(followButton).toHaveAttribute('aria-pressed', 'false')
    await expect(ui.profileStats(page).getByRole('listitem').nth(1)).toHaveText('1 follower')

    await page.getByRole('button', { name: 'Home', exact: true }).click()
    await tab(page, 'Following').click()
    await waitForFeed(page)
    await expect(ui.post(page, star.username)).toHaveCount(0)

    // What the database kept survives a reload.
    await reloadApp(page)
    await page.goto(`${e2eEnv().webUrl}#/u/${star.username}`)
    await expect(profileHeading(page, star.username)).toBeVisible()
    await expect(ui.profileStats(page).getByRole('listitem').nth(1)).toHaveText('1 follower')
    await expect(followButton).toBeVisible()
  })

  test('Back and Forward move through feed → profile → followers → profile', async ({
    appPage: page
  }, testInfo) => {
    await openSignedIn(page, reader)
    await ui.post(page, star.username).getByRole('link', { name: star.username }).click()
    await expect(profileHeading(page, star.username)).toBeVisible()
    await ui
      .profileStats(page)
      .getByRole('button', { name: /followers?$/ })
      .click()
    const followers = page.getByRole('list', { name: 'Followers' })
    await expect(followers.getByRole('link', { name: friend.username, exact: true })).toBeVisible()
    await checkA11y(page, 'followers list', testInfo)
    await followers.getByRole('link', { name: friend.username, exact: true }).click()
    await expect(profileHeading(page, friend.username)).toBeVisible()

    const back = ui.historyBack(page)
    const forward = ui.header(page).getByRole('button', { name: 'Forward', exact: true })
    await back.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Followers' })).toBeVisible()
    await back.click()
    await expect(profileHeading(page, star.username)).toBeVisible()
    await page.keyboard.press('Alt+ArrowLeft')
    await expect(ui.post(page, star.username)).toBeVisible()
    await forward.click()
    await expect(profileHeading(page, star.username)).toBeVisible()
    await page.keyboard.press('Alt+ArrowRight')
    await expect(page.getByRole('heading', { level: 1, name: 'Followers' })).toBeVisible()
    // The browser's own history is the same list.
    await page.goForward()
    await expect(profileHeading(page, friend.username)).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Followers' })).toBeVisible()
  })
})

test('search finds a person by part of their full name and opens the profile', async ({
  appPage: page
}, testInfo) => {
  const person = await createUser('searched')
  const surname = `Marwood${person.username.slice(-6)}`
  const { error } = await person.client
    .from('profiles')
    .update({ full_name: `Quintessa ${surname}` })
    .eq('id', person.id)
  expect(error).toBeNull()
  const searcher = await createUser('searcher')
  await openSignedIn(page, searcher)

  const box = page.getByRole('combobox', { name: 'Search people' })
  await box.fill(surname.slice(2).toUpperCase())
  const results = page.getByRole('listbox', { name: 'Search results' })
  await expect(results.getByRole('option')).toHaveCount(1)
  await expect(results.getByRole('option')).toContainText(`Quintessa ${surname}`)
  await checkA11y(page, 'search results', testInfo)
  await box.press('ArrowDown')
  await expect(results.getByRole('option')).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(profileHeading(page, person.username)).toBeVisible()

  // Recent searches, for this user on this device.
  await box.click()
  await expect(
    page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option')
  ).toContainText(person.username)

  await box.fill('zz-no-such-person-zz')
  await expect(page.getByRole('status').filter({ hasText: 'No results' })).toBeVisible()
  await box.press('Escape')
  await expect(results).toBeHidden()
})

test('edit profile changes name, bio and avatar everywhere they show', async ({
  appPage: page
}, testInfo) => {
  const user = await createUser('editor')
  await createPostAs(user, 'Before the makeover', 43)
  await openSignedIn(page, user)
  await openProfile(page)
  await page.getByRole('button', { name: 'Edit profile', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit profile' })
  await expect(dialog).toBeVisible()
  await checkA11y(page, 'edit profile', testInfo)

  await dialog.getByLabel('Name', { exact: true }).fill('Renamed Person')
  await dialog.getByLabel('Bio', { exact: true }).fill('Now with a bio')
  await expect(dialog.getByTestId('bio-counter')).toHaveText('14/150')
  await dialog.getByLabel('Choose a profile photo').setInputFiles(photoPng(44, 640))
  await expect(dialog.getByRole('img', { name: 'New profile picture' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog).toBeHidden()

  const main = page.getByRole('main')
  await expect(main.getByText('Renamed Person', { exact: true })).toBeVisible()
  await expect(main.getByText('Now with a bio', { exact: true })).toBeVisible()
  const avatarPath = `/storage/v1/object/public/images/avatars/${user.id}/`
  await expect(
    main.getByRole('img', { name: `${user.username}'s profile picture` })
  ).toHaveAttribute('src', new RegExp(avatarPath))
  // The header's menu and the post in the feed show it too, without a reload.
  await expect(ui.accountMenuButton(page).locator('img')).toHaveAttribute(
    'src',
    new RegExp(avatarPath)
  )
  await page.getByRole('button', { name: 'Home', exact: true }).click()
  await expect(ui.post(page, user.username).locator('header img')).toHaveAttribute(
    'src',
    new RegExp(avatarPath)
  )
  // And the avatar is a small square, as made off the UI thread.
  const size = await ui
    .post(page, user.username)
    .locator('header img')
    .evaluate((element) => {
      const img = element as unknown as {
        complete: boolean
        naturalWidth: number
        naturalHeight: number
      }
      return img.complete ? [img.naturalWidth, img.naturalHeight] : null
    })
  if (size) expect(Math.max(...size)).toBeLessThanOrEqual(320)
})
