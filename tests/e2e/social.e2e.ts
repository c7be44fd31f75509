// Issue #24's social points in the browser build against the local backend: likes on comments
// (and the activity line they make), activity that quotes the comment, Follow back and
// "Follows you", the visitor asked to log in, the sample stories' viewer, and the measurable
// visual points (carousel height, the New posts pill, the Following hover, no underlines).

import { type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { addComment } from '../../src/shared/data/comments'
import { createPost } from '../../src/shared/data/post-create'
import type { Post } from '../../src/shared/domain'
import { photoPng } from './fixtures/images'
import { createPostAs, createUser, follow, postStoryAs, type TestUser } from './support/backend'
import { openApp, openSignedIn, ui, waitForFeed } from './support/app'
import { expect, test } from './support/test'

// Every test makes its own people and posts: both workers may share this long file.
test.describe.configure({ mode: 'parallel' })

const postView = (page: Page, username: string): Locator =>
  page.getByRole('dialog', { name: `Post by ${username}` })

/** The app stops in `page` (its realtime and timers), which stays lent to the spec. */
async function unload(page: Page): Promise<void> {
  await page.goto('about:blank')
}

async function openActivity(page: Page): Promise<Locator> {
  await ui
    .nav(page)
    .getByRole('button', { name: /^Activity|^Notifications/ })
    .click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel).toBeVisible()
  return panel
}

/** A PNG of the given shape, with renditions saying so, as the app's pipeline would. */
async function shapedPhoto(width: number, height: number, hue: number) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 120, b: 255 - hue } }
  })
    .png()
    .toBuffer()
  const thumb = photoPng(hue % 7, 32)
  return {
    bytes: new Uint8Array(bytes),
    declaredType: 'image/png',
    renditions: {
      thumbnailBytes: new Uint8Array(thumb.buffer),
      thumbnailType: thumb.mimeType,
      width,
      height,
      placeholder: null
    }
  }
}

async function carouselOfShapes(user: TestUser, caption: string): Promise<Post> {
  return createPost(user.client, {
    userId: user.id,
    caption,
    photos: [
      await shapedPhoto(300, 500, 10),
      await shapedPhoto(500, 300, 90),
      await shapedPhoto(300, 300, 200)
    ]
  })
}

test('a comment is liked with its heart, counted, told to its author, and asks a visitor to log in', async ({
  appPage: page,
  otherPage
}) => {
  // Four people signed in one after another.
  test.slow()
  const poster = await createUser('clposter')
  const commenter = await createUser('clwriter')
  const fan = await createUser('clfan')
  const post = await createPostAs(poster, 'Comment likes here', 2)
  await addComment(commenter.client, { postId: post.id, userId: commenter.id, body: 'nice one' })

  // A visitor: the heart is a live button that asks to log in.
  await openApp(page)
  await waitForFeed(page)
  await ui.post(page, poster.username).getByRole('button', { name: 'Comment', exact: true }).click()
  const visitorView = postView(page, poster.username)
  const visitorHeart = visitorView.getByRole('button', {
    name: `Like comment by ${commenter.username}`
  })
  await expect(visitorHeart).toBeEnabled()
  await visitorHeart.click()
  await expect(ui.authDialog(page)).toBeVisible()
  // One page at a time: the app in several tabs is slow on a busy machine. A lent page is
  // unloaded, not closed (the worker would have to open a new one for the next spec).
  await unload(page)

  // The fan likes it: heart pressed, "1 like" under the comment.
  const fanPage = await otherPage()
  await openSignedIn(fanPage, fan)
  await ui
    .post(fanPage, poster.username)
    .getByRole('button', { name: 'Comment', exact: true })
    .click()
  const view = postView(fanPage, poster.username)
  const comment = view.getByRole('article', { name: `Comment by ${commenter.username}` })
  const heart = comment.getByRole('button', { name: `Like comment by ${commenter.username}` })
  const saved = fanPage.waitForResponse((response) =>
    response.url().includes('/rest/v1/rpc/set_comment_like')
  )
  await heart.click()
  await expect(
    comment.getByRole('button', { name: `Unlike comment by ${commenter.username}` })
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(comment.getByText('1 like', { exact: true })).toBeVisible()
  expect((await saved).status()).toBe(200)

  // The count is the server's: a reload (which reopens the post from its address) shows it,
  // still liked.
  await fanPage.reload()
  await expect(ui.header(fanPage)).toBeVisible()
  await expect(postView(fanPage, poster.username)).toBeVisible()
  const again = postView(fanPage, poster.username).getByRole('article', {
    name: `Comment by ${commenter.username}`
  })
  await expect(again.getByText('1 like', { exact: true })).toBeVisible()
  await expect(
    again.getByRole('button', { name: `Unlike comment by ${commenter.username}` })
  ).toBeVisible()
  await unload(fanPage)

  // The commenter's activity quotes the liked comment; the poster's quotes the comment.
  const writerPage = await otherPage()
  await openSignedIn(writerPage, commenter)
  const panel = await openActivity(writerPage)
  await expect(panel.getByText(`liked your comment: nice one`)).toBeVisible()
  await unload(writerPage)
  const posterPage = await otherPage()
  await openSignedIn(posterPage, poster)
  const posterPanel = await openActivity(posterPage)
  await expect(posterPanel.getByText('commented: nice one')).toBeVisible()
  await unload(posterPage)
})

test('a follow line offers Follow back; profiles of followers say "Follows you"', async ({
  appPage: page
}) => {
  const me = await createUser('fbme')
  const fan = await createUser('fbfan')
  await follow(fan, me)
  await openSignedIn(page, me)
  const panel = await openActivity(page)
  await expect(panel.getByText('started following you.')).toBeVisible()
  const back = panel.getByRole('button', { name: `Follow back ${fan.username}` })
  await expect(back).toBeVisible()
  await back.click()
  await expect(panel.getByRole('button', { name: `Following ${fan.username}` })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto(`${new URL(page.url()).origin}/#/u/${fan.username}`)
  await expect(page.getByText('Follows you', { exact: true })).toBeVisible()
  // The dialog names the person once.
  await page.getByRole('button', { name: `Following ${fan.username}` }).click()
  const dialog = page.getByRole('dialog', { name: `Unfollow ${fan.username}?` })
  await expect(dialog).toBeVisible()
  // Its heading names the dialog for assistive tech only; the body says the name once.
  let shown = 0
  for (const text of await dialog.getByText(fan.username).all()) {
    if (((await text.boundingBox())?.width ?? 0) > 1) shown += 1
  }
  expect(shown).toBe(1)
})

test('sample stories leave the strip for a user who follows someone with a story', async ({
  appPage: page
}) => {
  const viewer = await createUser('ssviewer')
  const teller = await createUser('ssteller')
  await follow(viewer, teller)
  await postStoryAs(teller, 'hello', 4)
  await openSignedIn(page, viewer)
  await expect(page.getByRole('button', { name: `${teller.username}'s story` })).toBeVisible()
  // Their own bubble and the teller's: no sample person is left.
  await expect(ui.stories(page)).toHaveCount(2)
})

// Two things a visitor sees on one feed: the sample stories, and a carousel's steady frame.
test('a visitor: sample stories open a viewer (arrows, Escape); a carousel keeps one height', async ({
  appPage: page
}) => {
  const author = await createUser('carshape')
  await carouselOfShapes(author, 'Three shapes')
  await openApp(page)
  await waitForFeed(page)
  const first = ui.stories(page).first()
  const name = ((await first.getAttribute('aria-label')) ?? '').replace(/'s story.*$/, '')
  await first.getByRole('button').click()
  const viewer = page.getByRole('dialog', { name: `Stories by ${name}` })
  await expect(viewer).toBeVisible()
  // Paused, so a slow machine does not see the frames move on by themselves.
  await page.keyboard.press(' ')
  await expect(viewer.getByRole('img', { name: `Sample story 1 by ${name}` })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(viewer.getByRole('img', { name: `Sample story 2 by ${name}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(page.getByRole('listitem', { name: `${name}'s story, viewed` })).toBeVisible()

  // A carousel card keeps one height across swipes.
  const card = ui.post(page, author.username)
  const carousel = card.getByRole('group', { name: /^Photos, 1 of 3/ })
  await expect(carousel).toBeVisible()
  const heights: number[] = []
  for (let i = 0; i < 3; i++) {
    const box = await card.boundingBox()
    heights.push(Math.round(box?.height ?? 0))
    if (i < 2) await card.getByRole('button', { name: 'Next photo' }).click()
  }
  expect(new Set(heights).size).toBe(1)
  // The frame is the first photo's shape (3:5) held to the tallest allowed, 4:5.
  const media = await card.getByTestId('post-media').boundingBox()
  expect((media?.width ?? 0) / (media?.height ?? 1)).toBeCloseTo(4 / 5, 2)
})

test('the New posts pill does not cover the first post’s header', async ({ appPage: page }) => {
  const author = await createUser('pillfirst')
  const later = await createUser('pilllater')
  const watcher = await createUser('pillwatch')
  await createPostAs(author, 'Already here', 5)
  await openSignedIn(page, watcher)
  await expect(ui.post(page, author.username)).toBeVisible()
  await createPostAs(later, 'Arrived later', 6)
  const pill = page.getByRole('button', { name: 'New posts' })
  await expect(pill).toBeVisible({ timeout: 15_000 })
  const pillBox = await pill.boundingBox()
  const header = await ui.posts(page).first().locator('header').boundingBox()
  expect(pillBox && header).toBeTruthy()
  const overlaps =
    pillBox!.y < header!.y + header!.height &&
    header!.y < pillBox!.y + pillBox!.height &&
    pillBox!.x < header!.x + header!.width &&
    header!.x < pillBox!.x + pillBox!.width
  expect(overlaps).toBe(false)
})

/** A computed style property of the element, as the page has it now. */
function cssOf(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, name) => {
    const web = globalThis as unknown as {
      getComputedStyle(element: unknown): { getPropertyValue(name: string): string }
    }
    return web.getComputedStyle(el).getPropertyValue(name)
  }, property)
}

/** WCAG contrast of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string): number => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

test('Following keeps 4.5:1 on hover; links and initials are not underlined; light and dark', async ({
  appPage: page
}) => {
  const me = await createUser('hover')
  const star = await createUser('star')
  await createPostAs(star, `Tagged #sunsetlight with @${me.username}`, 7)
  await follow(me, star)
  await openSignedIn(page, me)
  const origin = new URL(page.url()).origin
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(`${origin}/#/`)
    const card = ui.post(page, star.username)
    await expect(card).toBeVisible()

    for (const name of ['#sunsetlight', `@${me.username}`]) {
      const link = card.getByRole('link', { name, exact: true })
      expect(await cssOf(link, 'text-decoration-line')).toBe('none')
    }
    const hashtagColor = await cssOf(
      card.getByRole('link', { name: '#sunsetlight', exact: true }),
      'color'
    )
    if (scheme === 'light') expect(hashtagColor).toBe('rgb(0, 55, 107)')
    // The avatar's link (initials, no photo) draws no underline under them.
    const avatarLink = card.locator('header a').first()
    expect(await cssOf(avatarLink, 'text-decoration-line')).toBe('none')

    await page.goto(`${origin}/#/u/${star.username}`)
    const following = page.getByRole('button', { name: `Following ${star.username}` })
    await following.hover()
    const fg = await cssOf(following, 'color')
    const bg = await cssOf(following, 'background-color')
    expect(contrast(fg, bg), scheme).toBeGreaterThanOrEqual(4.5)
  }
})
