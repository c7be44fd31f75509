// A post's location (docs/product.md, "Location"), in the browser build against the local
// backend: typed on the create screen, shown under the username on the card and in the post
// view (a link to its place), changed in Edit post and followed by the card, then removed.

import { type Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import {
  chooseFile,
  choosePostOption,
  openCreatePost,
  openSignedIn,
  sharePost,
  ui
} from './support/app'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let author: TestUser

test.beforeAll(async () => {
  author = await createUser('wanderer')
})

const postView = (page: Page) => page.getByRole('dialog', { name: `Post by ${author.username}` })

test('a location typed on the create screen shows on the card and in the post view, and is edited there', async ({
  appPage: page
}) => {
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(31))
  await ui.caption(page).fill('By the river')
  const field = dialog.getByRole('combobox', { name: 'Location' })
  await expect(field).toHaveAttribute('placeholder', 'Add location')
  await field.fill('  Porto,   Portugal ')
  await expect(dialog.getByTestId('location-counter')).toHaveText('20/100')
  await sharePost(page)

  // Tidied on save: one space between words, no spaces at the ends.
  const card = ui.post(page, author.username)
  await expect(card.getByText('Porto, Portugal', { exact: true })).toBeVisible()
  // It names a place now: the location links to the place's page.
  await expect(card.getByRole('link', { name: 'Porto, Portugal' })).toHaveAttribute(
    'href',
    /^#\/loc\/[0-9a-f-]{36}$/
  )

  await card.getByRole('button', { name: 'Comment', exact: true }).click()
  const view = postView(page)
  await expect(view.getByText('Porto, Portugal', { exact: true })).toBeVisible()

  await choosePostOption(page, view, 'Edit')
  const form = view.getByRole('form', { name: 'Edit post' })
  const edit = form.getByRole('combobox', { name: 'Location' })
  await expect(edit).toHaveValue('Porto, Portugal')
  await edit.fill('Ribeira, Porto')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()
  await expect(view.getByText('Ribeira, Porto', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(view).toBeHidden()
  await expect(card.getByText('Ribeira, Porto', { exact: true })).toBeVisible()

  // Emptied, it is removed, and it stays removed after a reload (it was saved, not just shown).
  await card.getByRole('button', { name: 'Comment', exact: true }).click()
  await choosePostOption(page, view, 'Edit')
  await form.getByRole('combobox', { name: 'Location' }).fill('')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()
  await expect(view.getByText('Ribeira, Porto', { exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(card.getByRole('img', { name: 'By the river' })).toBeVisible()
  await expect(card.getByText('Ribeira, Porto', { exact: true })).toHaveCount(0)
})
