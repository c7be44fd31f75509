// Settings › Language (docs/architecture.md, "Strings and languages"): the app speaks the chosen
// language at once, everywhere that is converted, and keeps it for the next start; Arabic turns
// the page right to left and stays axe-clean, its rows (a carousel, a profile's tabs) moving
// with the reading. With SHOTS_DIR set, the feed, Create, a profile, Settings (Language, Privacy,
// Security), stories, messages and the archive are shot in German and Arabic for looking at.

import { randomUUID } from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { sendMessage } from '../../src/shared/data/direct/messages'
import { createPost } from '../../src/shared/data/post-create'
import { photoPng } from './fixtures/images'
import { startThread } from '../../src/shared/data/direct/threads'
import { openSignedIn, reloadApp, ui } from './support/app'
import { axeSummary, checkA11y, checkA11yBothThemes } from './support/axe'
import { createUser, createUserWithPosts, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser
let friend: TestUser

test.beforeAll(async () => {
  ;({ user } = await createUserWithPosts('lang', 2, { caption: 'Sunrise #morning' }))
  // A conversation the user started, so the inbox and a thread have something to show.
  friend = await createUser('langfriend')
  const threadId = await startThread(user.client, [friend.id])
  for (const body of ['Hallo! مرحبا', 'See you at 8?']) {
    await sendMessage(
      user.client,
      { id: randomUUID(), threadId, senderId: user.id },
      { kind: 'text', body }
    )
  }
  // A friend's three photos, newest in the feed: the carousel the Arabic rows test pages through.
  await createPost(friend.client, {
    userId: friend.id,
    caption: 'Three #morning photos',
    photos: [1, 2, 3].map((seed) => {
      const image = photoPng(seed + 60, 600)
      return { bytes: new Uint8Array(image.buffer), declaredType: image.mimeType }
    })
  })
})

test.afterAll(() => {
  console.log(axeSummary())
})

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` })
}

/** Settings › Language, whatever language the page speaks now (the list's fourth link). */
async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+,')
  await page.locator('nav a[href="#/settings/language"]').click()
  await page.locator('select').selectOption({ label: name })
}

const root = (page: Page) =>
  page.evaluate(() => {
    const web = globalThis as unknown as {
      document: { documentElement: { lang: string; dir: string } }
    }
    const html = web.document.documentElement
    return { lang: html.lang, dir: html.dir }
  })

test('German in Settings › Language: the app speaks it at once and after a reload', async ({
  appPage: page
}) => {
  await openSignedIn(page, user)
  expect(await root(page)).toEqual({ lang: 'en', dir: 'ltr' })
  await chooseLanguage(page, 'Deutsch')
  await expect(page.getByRole('heading', { level: 2, name: 'Sprache' })).toBeVisible()
  expect(await root(page)).toEqual({ lang: 'de', dir: 'ltr' })
  await expect(page.getByRole('navigation', { name: 'Einstellungen' })).toBeVisible()
  await shoot(page, 'de-settings')

  await reloadApp(page)
  await page.getByRole('button', { name: 'Startseite' }).click()
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Für dich' })).toBeVisible()
  await expect(
    page.getByRole('article').first().getByRole('button', { name: 'Gefällt mir' })
  ).toBeVisible()
  await shoot(page, 'de-feed')

  await page.getByRole('button', { name: 'Neuer Beitrag' }).click()
  await expect(page.getByRole('dialog', { name: 'Neuen Beitrag erstellen' })).toBeVisible()
  await expect(page.getByText('Fotos hierher ziehen')).toBeVisible()
  await shoot(page, 'de-create')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Kontomenü' }).click()
  await page.getByRole('menuitem', { name: 'Profil' }).click()
  await expect(page.getByRole('list', { name: 'Profilstatistik' })).toContainText('2 Beiträge')
  await shoot(page, 'de-profile')
})

test('Arabic: right to left, translated, and axe-clean', async ({ appPage: page }, testInfo) => {
  await openSignedIn(page, user)
  await chooseLanguage(page, 'العربية')
  await expect(page.getByRole('heading', { level: 2, name: 'اللغة' })).toBeVisible()
  expect(await root(page)).toEqual({ lang: 'ar', dir: 'rtl' })
  await checkA11y(page, 'settings (Arabic)', testInfo)
  await shoot(page, 'ar-settings')

  await page.getByRole('button', { name: 'الرئيسية' }).click()
  await expect(page.getByRole('article').first()).toBeVisible()
  await expect(page.getByRole('tab', { name: 'لك' })).toBeVisible()
  // The header reads from the right: the brand sits right of the navigation icons.
  const brand = await page.getByRole('button', { name: 'Instaframe' }).boundingBox()
  const nav = await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).boundingBox()
  expect(brand!.x).toBeGreaterThan(nav!.x)
  await checkA11y(page, 'feed (Arabic)', testInfo)
  await shoot(page, 'ar-feed')

  await page.getByRole('button', { name: 'منشور جديد' }).click()
  await expect(page.getByRole('dialog', { name: 'إنشاء منشور جديد' })).toBeVisible()
  await checkA11y(page, 'create (Arabic)', testInfo)
  await shoot(page, 'ar-create')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'قائمة الحساب' }).click()
  await page.getByRole('menuitem', { name: 'الملف الشخصي' }).click()
  await expect(page.getByRole('list', { name: 'إحصاءات الملف الشخصي' })).toContainText('منشوران')
  await checkA11y(page, 'profile (Arabic)', testInfo)
  await shoot(page, 'ar-profile')

  // Back to English: the page turns left to right again.
  await chooseLanguage(page, 'English')
  expect(await root(page)).toEqual({ lang: 'en', dir: 'ltr' })
  await expect(ui.newPost(page)).toBeVisible()
})

/** Stories (a sample story in the viewer), messages (the inbox and the thread) and Settings ›
 * Archive, in the language `names` words them; axe-checked when `a11y` is given. */
async function storiesMessagesArchive(
  page: Page,
  prefix: string,
  names: { story: RegExp; close: string; thread: RegExp; messages: string; archive: string },
  a11y?: TestInfo
): Promise<void> {
  await page.locator('[data-testid="story-ring"]').first().click()
  const viewer = page.getByRole('dialog', { name: names.story })
  await expect(viewer).toBeVisible()
  if (a11y) await checkA11yBothThemes(page, `${prefix} story viewer`, a11y)
  await shoot(page, `${prefix}-stories`)
  await viewer.getByRole('button', { name: names.close }).click()

  await page.goto(`${page.url().split('#')[0]}#/direct`)
  await page.getByRole('button', { name: names.thread }).click()
  await expect(
    page.getByTestId('direct-history').getByText('See you at 8?', { exact: true })
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: names.messages })).toBeVisible()
  if (a11y) await checkA11yBothThemes(page, `${prefix} messages`, a11y)
  await shoot(page, `${prefix}-messages`)

  await page.goto(`${page.url().split('#')[0]}#/settings/archive`)
  await expect(page.getByRole('tablist', { name: names.archive })).toBeVisible()
  if (a11y) await checkA11yBothThemes(page, `${prefix} settings archive`, a11y)
  await shoot(page, `${prefix}-archive`)
}

test('stories, messages and Settings › Archive in German and in Arabic', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, user)
  await chooseLanguage(page, 'Deutsch')
  await page.getByRole('button', { name: 'Startseite' }).click()
  await expect(page.getByRole('region', { name: 'Stories' })).toBeVisible()
  await storiesMessagesArchive(page, 'de', {
    story: /^Stories von /,
    close: 'Stories schließen',
    thread: new RegExp(friend.username),
    messages: 'Nachrichten',
    archive: 'Archiv'
  })

  await chooseLanguage(page, 'العربية')
  await page.getByRole('button', { name: 'الرئيسية' }).click()
  await expect(page.getByRole('region', { name: 'القصص' })).toBeVisible()
  await storiesMessagesArchive(
    page,
    'ar',
    {
      story: /^قصص /,
      close: 'إغلاق القصص',
      thread: new RegExp(friend.username),
      messages: 'الرسائل',
      archive: 'الأرشيف'
    },
    testInfo
  )
})

/** Settings' sections in the language `names` words them: each section's heading and one of its
 * controls, axe-checked in both themes; privacy, security and comments shot at 1280×800. */
async function settingsSections(
  page: Page,
  prefix: string,
  names: Record<'privacy' | 'security' | 'comments' | 'account', [string, string]>,
  a11y: TestInfo
): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 })
  for (const [id, [heading, control]] of [
    ['privacy', names.privacy],
    ['security', names.security],
    ['comments', names.comments],
    ['account', names.account]
  ] as const) {
    await page.locator(`nav a[href="#/settings/${id}"]`).click()
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByText(control, { exact: true }).first()).toBeVisible()
    await checkA11yBothThemes(page, `${prefix} settings ${id}`, a11y)
    if (id !== 'account') await shoot(page, `${prefix}-settings-${id}`)
  }
}

test('Settings sections in German and in Arabic', async ({ appPage: page }, testInfo) => {
  await openSignedIn(page, user)
  await chooseLanguage(page, 'Deutsch')
  await expect(page.getByRole('heading', { level: 2, name: 'Sprache' })).toBeVisible()
  await settingsSections(
    page,
    'de',
    {
      privacy: ['Kontoprivatsphäre', 'Privates Konto'],
      security: ['Sicherheit', 'Aktuelles Passwort'],
      comments: ['Kommentare und „Gefällt mir“', 'Anstößige Kommentare ausblenden'],
      account: ['Konto', 'Passwort']
    },
    testInfo
  )

  await chooseLanguage(page, 'العربية')
  await expect(page.getByRole('heading', { level: 2, name: 'اللغة' })).toBeVisible()
  expect(await root(page)).toEqual({ lang: 'ar', dir: 'rtl' })
  await settingsSections(
    page,
    'ar',
    {
      privacy: ['خصوصية الحساب', 'حساب خاص'],
      security: ['الأمان', 'كلمة السر الحالية'],
      comments: ['التعليقات وتسجيلات الإعجاب', 'إخفاء التعليقات المسيئة'],
      account: ['الحساب', 'كلمة السر']
    },
    testInfo
  )
})

test('Arabic rows: ← moves on in a carousel and a profile’s tabs, axe-clean in both themes', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, user)
  await chooseLanguage(page, 'العربية')
  await page.getByRole('button', { name: 'الرئيسية' }).click()
  const photos = page.getByRole('group', { name: 'الصور، 1 من 3' })
  await photos.focus()
  await page.keyboard.press('ArrowLeft')
  const second = page.getByRole('group', { name: 'الصور، 2 من 3' })
  await expect(second).toBeVisible()
  // The next photo is to the left, so its arrow is on the left and the previous one's on the right.
  const next = await second.getByRole('button', { name: 'الصورة التالية' }).boundingBox()
  const previous = await second.getByRole('button', { name: 'الصورة السابقة' }).boundingBox()
  expect(next!.x).toBeLessThan(previous!.x)
  await checkA11yBothThemes(page, 'feed carousel (Arabic)', testInfo)
  await shoot(page, 'ar-feed-carousel')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('group', { name: 'الصور، 1 من 3' })).toBeVisible()

  await page.goto(`${page.url().split('#')[0]}#/u/${friend.username}`)
  const posts = page.getByRole('tab', { name: 'المنشورات' })
  await expect(posts).toHaveAttribute('aria-selected', 'true')
  await posts.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: 'ريلز' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'ريلز' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(posts).toHaveAttribute('aria-selected', 'true')
  await checkA11yBothThemes(page, 'profile (Arabic)', testInfo)
  await shoot(page, 'ar-profile-friend')

  await chooseLanguage(page, 'Deutsch')
  await page.getByRole('button', { name: 'Startseite' }).click()
  await expect(page.getByRole('group', { name: 'Fotos, 1 von 3' })).toBeVisible()
  await shoot(page, 'de-feed-1280x800')
  await page.goto(`${page.url().split('#')[0]}#/u/${friend.username}`)
  await expect(page.getByRole('tab', { name: 'Beiträge' })).toBeVisible()
  await shoot(page, 'de-profile-1280x800')
})

test('the safety dialog in Arabic: report and block, axe-clean in both themes', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, user)
  await chooseLanguage(page, 'العربية')
  await page.goto(`${page.url().split('#')[0]}#/u/${friend.username}`)
  await page.getByRole('button', { name: `خيارات ${friend.username}` }).click()
  await page.getByRole('menuitem', { name: 'إبلاغ' }).click()
  const report = page.getByRole('dialog', { name: 'الإبلاغ عن هذا الحساب' })
  await expect(report.getByRole('group', { name: 'لماذا تبلّغ عن هذا الحساب؟' })).toBeVisible()
  await report.getByRole('radio', { name: 'إنه محتوى غير مرغوب فيه' }).check()
  await checkA11yBothThemes(page, 'safety report (Arabic)', testInfo)
  await shoot(page, 'ar-safety-report')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: `خيارات ${friend.username}` }).click()
  await page.getByRole('menuitem', { name: 'حظر' }).click()
  await expect(page.getByRole('dialog', { name: `هل تريد حظر ${friend.username}؟` })).toBeVisible()
  await checkA11yBothThemes(page, 'safety block (Arabic)', testInfo)
  await shoot(page, 'ar-safety-block')
})
