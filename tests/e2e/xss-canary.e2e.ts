// Stored XSS: a full name and a caption holding an <img onerror> and a <script> are saved
// through supabase-js (as any client could), then the web build shows the feed and the
// profile. The markup must appear as literal text, no element may be created from it, no
// dialog may open, and the canary window.__xss must stay undefined. Usernames cannot carry
// markup at all: the sign-up trigger replaces one that breaks the format (checked below).

import { randomBytes } from 'node:crypto'
import { type Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { demoPhotoPng } from '../../scripts/lib/png'
import { createPost } from '../../src/shared/data/post-create'
import { signUpWith } from '../support/backend-harness'
import { e2eEnv, nodeClient } from './support/backend'
import { expect, test } from './support/test'

const IMG_PAYLOAD = '<img src=x onerror="window.__xss=1">'
const SCRIPT_PAYLOAD = '<script>window.__xss=1</script>'
const PAYLOAD = `${IMG_PAYLOAD} ${SCRIPT_PAYLOAD}`

interface Attacker {
  email: string
  password: string
  username: string
  userId: string
  client: SupabaseClient
}

async function signUp(username: string, fullName: string): Promise<Attacker> {
  const user = await signUpWith(nodeClient(), 'xss', {
    username,
    fullName,
    email: `xss_${randomBytes(4).toString('hex')}@example.com`,
    password: 'secret-pass-123'
  })
  // The sign-up trigger replaces a username that breaks the format: read the one stored.
  const { data: profile } = await user.client
    .from('profiles')
    .select('username')
    .eq('id', user.userId)
    .single()
  return { ...user, username: profile!.username }
}

/** Fails the test on anything script-like the payload could trigger. */
async function armCanary(page: Page): Promise<string[]> {
  const alarms: string[] = []
  page.on('dialog', (dialog) => {
    alarms.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  // A request for "x" is the <img src=x> having become an element.
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/x')) alarms.push(`request: ${request.url()}`)
  })
  return alarms
}

async function expectCanaryUnset(page: Page, alarms: string[]): Promise<void> {
  expect(
    await page.evaluate(() => (globalThis as unknown as { __xss?: unknown }).__xss)
  ).toBeUndefined()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  await expect(page.locator('script:not([src])', { hasText: '__xss' })).toHaveCount(0)
  expect(alarms).toEqual([])
}

let attacker: Attacker

test.beforeAll(async () => {
  attacker = await signUp(`xss_${randomBytes(3).toString('hex')}`, PAYLOAD)
  await createPost(attacker.client, {
    userId: attacker.userId,
    caption: PAYLOAD,
    photos: [{ bytes: new Uint8Array(demoPhotoPng(7, 64)), declaredType: 'image/png' }]
  })
})

test('a caption holding <img onerror> and <script> shows as text in the feed and runs nothing', async ({
  appPage: page
}) => {
  const alarms = await armCanary(page)
  await page.goto(e2eEnv().webUrl)
  const post = page.getByRole('article', { name: `Post by ${attacker.username}`, exact: true })
  await expect(post).toBeVisible()
  await expect(post.getByText(PAYLOAD, { exact: false })).toBeVisible()
  // The caption is also the photo's alt text: an attribute, still only text.
  await expect(post.getByRole('img', { name: PAYLOAD })).toBeVisible()
  await expectCanaryUnset(page, alarms)
})

test('a full name holding <img onerror> and <script> shows as text on the profile and runs nothing', async ({
  appPage: page
}) => {
  const alarms = await armCanary(page)
  await page.goto(e2eEnv().webUrl)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log in', exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Log in to Instaframe' })
  await dialog.getByLabel('Username or email', { exact: true }).fill(attacker.email)
  await dialog.getByLabel('Password', { exact: true }).fill(attacker.password)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page
    .getByRole('menu', { name: 'Account' })
    .getByRole('menuitem', { name: 'Profile' })
    .click()
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Back', exact: true })
  ).toBeVisible()
  await expect(page.getByText(PAYLOAD, { exact: true }).first()).toBeVisible()
  await expectCanaryUnset(page, alarms)
})

test('a username holding markup never reaches the page: sign-up replaces it with user_<id>', async ({
  appPage: page
}) => {
  const sneaky = await signUp(`<img src=x onerror=alert(1)>`, 'Sneaky')
  expect(sneaky.username).toMatch(/^user_[0-9a-f]{12}$/)
  const alarms = await armCanary(page)
  await createPost(sneaky.client, {
    userId: sneaky.userId,
    caption: 'plain',
    photos: [{ bytes: new Uint8Array(demoPhotoPng(8, 64)), declaredType: 'image/png' }]
  })
  await page.goto(e2eEnv().webUrl)
  await expect(
    page.getByRole('article', { name: `Post by ${sneaky.username}`, exact: true })
  ).toBeVisible()
  await expectCanaryUnset(page, alarms)
})

test('control: the same payload parsed as HTML does set the canary, so the checks above can fail', async ({
  appPage: page
}) => {
  await page.setContent(`<body>${IMG_PAYLOAD}</body>`)
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { __xss?: unknown }).__xss))
    .toBe(1)
})
