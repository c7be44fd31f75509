// The open post's ⋯ menu (the card's options sheet: Delete, Archive, Edit and Pin for the
// author, no text links) and its "Sort comments" menu (the app's own, not the platform's select), by mouse and
// keyboard, with focus handed back (docs/product.md, "Post view").

import { type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { openSignedIn, shootBothThemes, ui } from './support/app'
import { createUser, createUserWithPosts, type TestUser } from './support/backend'

let author: TestUser
let reader: TestUser

test.beforeAll(async () => {
  ;({ user: author } = await createUserWithPosts('menuauthor', 1, { caption: 'Menu test' }))
  reader = await createUser('menureader')
  const { data: posts } = await author.client.from('posts').select('id').eq('user_id', author.id)
  // One after the other, so the two orders differ.
  for (const body of ['First comment', 'Second comment']) {
    const { error } = await reader.client
      .from('comments')
      .insert({ post_id: posts![0].id, user_id: reader.id, body })
    expect(error).toBeNull()
  }
})

test.use({ viewport: { width: 1280, height: 800 } })

async function openPost(page: Page) {
  await ui.post(page, author.username).first().locator('[data-open-post]').click()
  const view = page.getByRole('dialog', { name: `Post by ${author.username}` })
  await expect(view.getByRole('region', { name: 'Comments' })).toBeVisible()
  return view
}

test('the author edits from ⋯ with the keyboard, and focus comes back to ⋯', async ({ page }) => {
  await openSignedIn(page, author)
  const view = await openPost(page)
  await expect(view.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0)
  await expect(view.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0)

  const more = view.getByRole('button', { name: 'More options', exact: true })
  await more.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: 'Post options' })
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Delete',
    'Archive',
    'Edit',
    'Pin to your profile',
    'Save to collection',
    'Copy link',
    'About this account',
    'Cancel'
  ])
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused()
  await shootBothThemes(page, 'post-view-menu')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused()
  await page.keyboard.press('Enter')

  const form = view.getByRole('form', { name: 'Edit post' })
  const caption = form.getByRole('textbox', { name: 'Caption' })
  await expect(caption).toBeFocused()
  await caption.fill('Menu test, edited')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()
  await expect(view.getByText('Menu test, edited')).toBeVisible()
  await expect(more).toBeFocused()

  // Escape closes the menu alone; the post stays open.
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(view).toBeVisible()
  await expect(more).toBeFocused()
})

test('"Sort comments" is the app’s menu: it reorders the comments', async ({ page }) => {
  await openSignedIn(page, reader)
  const view = await openPost(page)
  await expect(view.getByRole('combobox')).toHaveCount(0)
  const comments = view.getByRole('article', { name: `Comment by ${reader.username}` })
  await expect(comments).toHaveCount(2)
  await expect(comments.first()).toContainText('Second comment')

  const sort = view.getByRole('button', { name: 'Sort comments Newest first' })
  await sort.click()
  const menu = view.getByRole('menu', { name: 'Sort comments' })
  await expect(menu.getByRole('menuitemradio', { name: 'Newest first' })).toHaveAttribute(
    'aria-checked',
    'true'
  )
  await shootBothThemes(page, 'post-view-sort')
  await menu.getByRole('menuitemradio', { name: 'Oldest first' }).click()
  await expect(menu).toBeHidden()
  await expect(comments.first()).toContainText('First comment')
  const sorted = view.getByRole('button', { name: 'Sort comments Oldest first' })
  await expect(sorted).toBeFocused()

  // From the keyboard: ↓ opens it on the current order, Escape closes it and not the post.
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitemradio', { name: 'Oldest first' })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(comments.first()).toContainText('Second comment')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(view).toBeVisible()
})

test('someone else’s post: ⋯ offers no Edit or Delete', async ({ page }) => {
  await openSignedIn(page, reader)
  const view = await openPost(page)
  await view.getByRole('button', { name: 'More options', exact: true }).click()
  const menu = page.getByRole('menu', { name: 'Post options' })
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0)
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0)
  await menu.getByRole('menuitem', { name: 'Cancel' }).click()
  await expect(menu).toBeHidden()
})
