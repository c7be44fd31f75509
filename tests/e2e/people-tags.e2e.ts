// People tags and caption suggestions in the browser build against the local
// backend: alice tags bob at a point of her photo while posting and mentions him through the
// caption's suggestions; bob is told, sees the tag at its point when he asks for it, and finds
// the post in his Tagged tab. Both screens pass axe in light and dark.

import { photoPng } from './fixtures/images'
import { createUser } from './support/backend'
import { chooseFile, openCreatePost, openSignedIn, sharePost, ui, waitForRest } from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { expect, test } from './support/test'

test('alice tags bob at a point when posting; bob sees the tag, the notice and his Tagged tab', async ({
  appPage: page,
  otherPage
}, testInfo) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const alice = await createUser('alicetag')
  const bob = await createUser('bobtag')

  await openSignedIn(page, alice)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(5, 400))
  await dialog.getByRole('button', { name: 'Tag people' }).click()
  const surface = dialog.getByTestId('tag-surface')
  await expect(surface).toBeVisible()
  const box = (await surface.boundingBox())!
  await surface.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } })
  const search = dialog.getByRole('combobox', { name: 'Search people to tag' })
  await search.fill(bob.username)
  await dialog.getByRole('option', { name: new RegExp(bob.username) }).click()
  await expect(dialog.getByRole('button', { name: `Remove tag of ${bob.username}` })).toBeVisible()

  // The caption's suggestions: @ and the start of his name, then Enter.
  const caption = ui.caption(page)
  await caption.click()
  await caption.pressSequentially(`with @${bob.username.slice(0, 6)}`)
  await expect(dialog.getByRole('listbox', { name: 'People' })).toBeVisible()
  await caption.press('Enter')
  await expect(caption).toHaveValue(`with @${bob.username} `)
  await caption.pressSequentially('#')
  await checkA11yBothThemes(page, 'create post, tagging', testInfo)

  const tagged = waitForRest(page, 'post_people_tags', 'POST')
  await sharePost(page)
  expect((await tagged).status()).toBe(201)

  // Bob, in a window of his own.
  const bobPage = await otherPage()
  await bobPage.setViewportSize({ width: 1280, height: 900 })
  await openSignedIn(bobPage, bob)
  await ui
    .nav(bobPage)
    .getByRole('button', { name: /^Activity|^Notifications/ })
    .click()
  const panel = bobPage.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByText('tagged you in a post.')).toBeVisible()
  await panel.getByRole('button', { name: new RegExp(`${alice.username} tagged you`) }).click()
  const view = bobPage.getByRole('dialog', { name: `Post by ${alice.username}` })
  await expect(view).toBeVisible()
  await view.getByRole('button', { name: 'Show tagged people (1)' }).click()
  const label = view.getByRole('link', { name: bob.username, exact: true })
  await expect(label).toBeVisible()
  // The label sits under its point: 30 % across and 40 % down the photo.
  const media = (await view.getByTestId('post-media').boundingBox())!
  const at = (await label.boundingBox())!
  expect(Math.abs(at.x + at.width / 2 - (media.x + media.width * 0.3))).toBeLessThan(
    media.width * 0.1
  )
  await checkA11yBothThemes(bobPage, 'post view with tags', testInfo)

  await bobPage.goto(
    `${new URL(bobPage.url()).origin}${new URL(bobPage.url()).pathname}#/u/${bob.username}/tagged`
  )
  await expect(bobPage.getByRole('tab', { name: 'Tagged' })).toHaveAttribute(
    'aria-selected',
    'true'
  )
  await expect(
    bobPage.getByRole('list', { name: 'Tagged posts' }).getByRole('listitem')
  ).toHaveCount(1)
})
