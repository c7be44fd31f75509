// Cancel while a post uploads (docs/product.md, "Create a post"), in the web app against the
// local backend: the photo's upload is held in the network until Cancel is pressed, and then
// nothing of the post is stored (the user's posts folder is listed), no post is made, and Create
// is back in the editor with the caption and alt text as typed. axe finds nothing with the
// progress and Cancel showing, in both themes.

import { photoPng } from './fixtures/images'
import { checkA11yBothThemes } from './support/axe'
import { chooseFile, openCreatePost, openSignedIn, ui } from './support/app'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

const CAPTION = 'Never mind this one'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('canceler')
})

test('Cancel during the upload leaves nothing stored and keeps what was typed', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(61))
  await ui.caption(page).fill(CAPTION)
  await dialog.getByRole('textbox', { name: 'Alt text', exact: true }).fill('A grey square')

  // The uploads wait here until Cancel has been pressed, as a slow connection would.
  let release: () => void = () => undefined
  const canceled = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route('**/storage/v1/object/images/posts/**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    held += 1
    await canceled
    await route.continue()
  })

  await ui.share(page).click()
  const cancel = dialog.getByRole('button', { name: 'Cancel' })
  await expect(cancel).toBeVisible()
  await expect(dialog.getByRole('progressbar', { name: 'Uploading the post' })).toBeVisible()
  await expect.poll(() => held).toBeGreaterThan(0)
  await checkA11yBothThemes(page, 'create while uploading', testInfo)

  await cancel.click()
  release()
  await expect(ui.share(page)).toBeEnabled({ timeout: 30_000 })
  await expect(dialog.getByRole('progressbar')).toHaveCount(0)
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(ui.caption(page)).toHaveValue(CAPTION)
  await expect(dialog.getByRole('textbox', { name: 'Alt text', exact: true })).toHaveValue(
    'A grey square'
  )

  // What the upload stored was removed again, and no post was made.
  await expect
    .poll(
      async () => {
        const { data } = await user.client.storage.from('images').list(`posts/${user.id}`)
        return data?.length ?? -1
      },
      { timeout: 10_000 }
    )
    .toBe(0)
  const { data: posts } = await user.client.from('posts').select('id').eq('user_id', user.id)
  expect(posts).toEqual([])
})
