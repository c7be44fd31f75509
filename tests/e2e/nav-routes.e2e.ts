// Every place has an address and a history entry (docs/product.md, "Views and navigation"): a
// post opens over the feed at #/p/<id> and Back closes it, tags and profile tabs have their own routes, the
// likers list is #/p/<id>/liked_by, a missing post or person gets the not-found page, copied
// links open their post, and the feed keeps its exact scroll position across Back.

import { type Locator, type Page } from '@playwright/test'
import type { Post } from '../../src/shared/domain'
import { openApp, openSignedIn, reloadApp, ui, waitForFeed } from './support/app'
import { checkA11y } from './support/axe'
import {
  createPostAs,
  createUser,
  createUserWithPosts,
  follow,
  likeAs,
  type TestUser
} from './support/backend'
import { expect, test } from './support/test'

let author: TestUser
let fans: TestUser[]
let reader: TestUser
let liked: Post

// Sign-ins, four screens of feed and round trips take a while on a loaded machine.
test.setTimeout(180_000)

test.beforeAll(async () => {
  // Enough posts for four screens of feed.
  ;({ user: author } = await createUserWithPosts('navauthor', 14, { caption: 'Route post' }))
  liked = await createPostAs(author, 'Liked by many #navtag', 30)
  fans = []
  for (const stem of ['navfan', 'navpal']) {
    const fan = await createUser(stem)
    await likeAs(fan, liked)
    fans.push(fan)
  }
  reader = await createUser('navreader')
  // The reader follows the first fan: the card names them rather than the latest liker.
  await follow(reader, fans[0])
})

const postView = (page: Page) => page.getByRole('dialog', { name: `Post by ${author.username}` })
const likedCard = (page: Page) => ui.posts(page).filter({ hasText: 'Liked by many' }).first()
/** The page's globals inside page.evaluate (tsconfig.node.json has no DOM library). */
interface PageGlobals {
  scrollY: number
  innerHeight: number
  location: { hash: string }
  navigator: { clipboard: { readText(): Promise<string> } }
  document: {
    querySelectorAll(selector: string): Iterable<{ getBoundingClientRect(): { top: number } }>
  }
}

const hashOf = (page: Page): Promise<string> =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)
const scrollOf = (page: Page): Promise<number> =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).scrollY)

// A visitor's routes, one after another on one page: a post over the feed, its copied link and
// an old ?p= link, then the not-found page.
test('a visitor: a post at #/p/<id> over the feed, Back closes it; copied and old links; not found', async ({
  page,
  context
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openApp(page)
  await waitForFeed(page)
  await likedCard(page).locator('time').click()
  await expect(postView(page)).toBeVisible()
  expect(await hashOf(page)).toBe(`#/p/${liked.id}`)
  // The feed stays beneath it.
  await expect(ui.posts(page).first()).toBeAttached()
  await page.goBack()
  await expect(postView(page)).toBeHidden()
  expect(await hashOf(page)).toBe('#/')
  await page.goForward()
  await expect(postView(page)).toBeVisible()
  // Closing it is going Back: no entry is left to return to the post.
  await postView(page).getByRole('button', { name: 'Close' }).click()
  await expect(postView(page)).toBeHidden()
  expect(await hashOf(page)).toBe('#/')

  // Copy link gives the post route; an old ?p= link opens once and is dropped.
  await likedCard(page).getByRole('button', { name: 'Share' }).click()
  const link = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).navigator.clipboard.readText()
  )
  expect(new URL(link).hash).toBe(`#/p/${liked.id}`)
  expect(new URL(link).search).toBe('')

  const origin = new URL(page.url()).origin
  await page.goto(`${origin}/?p=${liked.id}`)
  await expect(postView(page)).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
  await page.keyboard.press('Escape')
  await expect(postView(page)).toBeHidden()
  await reloadApp(page)
  await waitForFeed(page)
  await expect(postView(page)).toBeHidden()

  // A missing post or person gets the not-found page with a way home.
  for (const hash of ['#/p/00000000-0000-4000-8000-000000000000', '#/u/nobody_here_at_all']) {
    await page.goto(`${origin}/${hash}`)
    await expect(
      page.getByRole('heading', { name: "Sorry, this page isn't available." })
    ).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    if (hash.startsWith('#/u/')) await checkA11y(page, 'profile not found', testInfo)
    await page.getByRole('link', { name: 'Go back to Instaframe.' }).click()
    await waitForFeed(page)
    expect(await hashOf(page)).toBe('#/')
  }
})

test('signed in: Enter opens the focused card’s post, Escape closes it; the likers list', async ({
  page
}) => {
  await openSignedIn(page, reader)
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  const view = page.getByRole('dialog', { name: /^Post by / })
  await expect(view).toBeVisible()
  expect(await hashOf(page)).toMatch(/^#\/p\/[0-9a-f-]{36}$/)
  await page.keyboard.press('Escape')
  await expect(view).toBeHidden()
  expect(await hashOf(page)).toBe('#/')

  // "N likes" and "Liked by X and others" open the likers list with Follow buttons.
  const card = likedCard(page)
  // The liker the reader follows is named, not the latest one.
  await expect(card).toContainText(`Liked by ${fans[0].username} and others`)
  await card.getByRole('link', { name: '2 likes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Likes' })
  await expect(dialog).toBeVisible()
  expect(await hashOf(page)).toBe(`#/p/${liked.id}/liked_by`)
  const list = dialog.getByRole('list', { name: 'People who liked this' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list.getByRole('link', { name: fans[1].username })).toBeVisible()
  // Already followed: Following; the other: Follow, which follows at once.
  await expect(
    list.getByRole('button', { name: `Following ${fans[0].username}`, exact: true })
  ).toBeVisible()
  await list.getByRole('button', { name: `Follow ${fans[1].username}`, exact: true }).click()
  await expect(
    list.getByRole('button', { name: `Following ${fans[1].username}`, exact: true })
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await hashOf(page)).toBe('#/')

  // From the post view, with the keyboard: "others" opens the list over the post; Escape
  // returns to the post.
  await card.locator('time').click()
  await expect(postView(page)).toBeVisible()
  await postView(page).getByRole('link', { name: 'others' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(postView(page)).toBeVisible()
  expect(await hashOf(page)).toBe(`#/p/${liked.id}`)
})

test('tag pages and profile tabs have their own routes and history entries', async ({ page }) => {
  await openSignedIn(page, author)
  await likedCard(page).getByRole('link', { name: '#navtag' }).click()
  await expect(page.getByRole('heading', { name: '#navtag' })).toBeVisible()
  expect(await hashOf(page)).toBe('#/t/navtag')
  await page.goBack()
  await expect(page.getByRole('heading', { name: '#navtag' })).toBeHidden()
  await waitForFeed(page)

  await page.goto(`${new URL(page.url()).origin}/#/u/${author.username}`)
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Saved' }).click()
  expect(await hashOf(page)).toBe(`#/u/${author.username}/saved`)
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true')
  await page.goBack()
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true')
  // The tab is in the address, so a reload keeps it.
  await page.goForward()
  await reloadApp(page)
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true')
})

interface ClickRecorder {
  scrollY: number
  scrollAtClick?: number
  addEventListener(type: 'click', listener: () => void, options: { capture: boolean }): void
}

const scrollAtClick = async (page: Page): Promise<number> => {
  const at = await page.evaluate(() => (globalThis as unknown as ClickRecorder).scrollAtClick)
  expect(at).toBeDefined()
  return at ?? -1
}

/** The first card whose top is on screen, so clicking in it scrolls nothing. */
async function cardInView(page: Page): Promise<Locator> {
  const index = await page.evaluate(() => {
    const web = globalThis as unknown as PageGlobals
    return [...web.document.querySelectorAll('main article')].findIndex((card) => {
      const top = card.getBoundingClientRect().top
      return top >= 80 && top < web.innerHeight - 200
    })
  })
  expect(index).toBeGreaterThanOrEqual(0)
  return ui.posts(page).nth(index)
}

/** Scrolls the page down by `screens` viewport heights, letting the feed read its next pages. */
async function scrollScreens(page: Page, screens: number): Promise<number> {
  const target = await page.evaluate(
    (n) => n * (globalThis as unknown as PageGlobals).innerHeight,
    screens
  )
  for (let y = 0; y < target; y += 400) {
    await page.mouse.wheel(0, 400)
    await page.waitForFunction(
      (at) => (globalThis as unknown as PageGlobals).scrollY >= at - 1,
      Math.min(y + 400, target)
    )
  }
  // Settled where it is: the next frame does not move it.
  await page.waitForTimeout(0)
  return scrollOf(page)
}

test('the feed keeps its exact scroll offset across a profile and a post, and Home goes to the top', async ({
  page
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  // Where the page was when each click landed: Playwright may scroll a target into view first
  // (on a loaded machine it retries with other alignments), so the feed is held to the offset
  // it had as the user left it, not the one measured before the click.
  await page.addInitScript(() => {
    const web = globalThis as unknown as ClickRecorder
    web.addEventListener('click', () => (web.scrollAtClick = web.scrollY), { capture: true })
  })
  await openSignedIn(page, reader)
  const before = await scrollScreens(page, 4)
  expect(before).toBeGreaterThanOrEqual(3 * 800)

  // A profile and Back, two round trips: no drift.
  for (let round = 0; round < 2; round++) {
    const card = await cardInView(page)
    await card.getByRole('link').first().click()
    await expect(ui.profileBack(page)).toBeVisible()
    const left = await scrollAtClick(page)
    expect(left).toBeGreaterThanOrEqual(2 * 800)
    await page.goBack()
    await expect.poll(() => scrollOf(page)).toBe(left)
    await page.waitForTimeout(300)
    expect(await scrollOf(page)).toBe(left)
  }

  // A post opened and closed over the feed leaves it exactly where it was.
  await (await cardInView(page)).locator('time').click()
  await expect(page.getByRole('dialog', { name: /^Post by / })).toBeVisible()
  const opened = await scrollAtClick(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: /^Post by / })).toBeHidden()
  expect(await scrollOf(page)).toBe(opened)

  // Home on the feed itself goes back to the top; so does the logo, with the keyboard.
  await ui.nav(page).getByRole('button', { name: 'Home' }).click()
  await expect.poll(() => scrollOf(page)).toBe(0)
  await scrollScreens(page, 1)
  await ui.header(page).getByRole('button', { name: 'Instaframe' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => scrollOf(page)).toBe(0)
  await waitForFeed(page)
})
