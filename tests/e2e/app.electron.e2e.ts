// The desktop app end to end: launch → sign up → post through the native dialog → like →
// restart keeps the session; deep links and the menu (File › New Post, Go › Back / Forward /
// Activity); drop anywhere and photos opened with the app (macOS dock icon, Open With). Runs against the built app (npm run build) with node_modules'
// Electron, or against a packaged build with ELECTRON_APP_PATH. Skips where there is no
// Electron binary.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { ElectronDriver, resolveLaunchTarget } from './support/electron-driver'

const target = resolveLaunchTarget()

/** A real 64×64 PNG (a gradient), so the preview decodes it like a photo. */
function writePng(path: string): void {
  const size = 64
  const rows: number[] = []
  for (let y = 0; y < size; y++) {
    rows.push(0)
    for (let x = 0; x < size; x++) rows.push(x * 4, y * 4, 200)
  }
  const crc = (bytes: Buffer): number => {
    let c = ~0
    for (const byte of bytes) {
      c ^= byte
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
    }
    return ~c >>> 0
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from(rows))),
      chunk('IEND', Buffer.alloc(0))
    ])
  )
}

test.describe('desktop app', () => {
  test.skip('skip' in target, 'skip' in target ? target.skip : '')

  let workDir: string
  test.beforeEach(() => {
    workDir = mkdtempSync(join(tmpdir(), 'instaframe-e2e-'))
  })
  test.afterEach(() => {
    rmSync(workDir, { recursive: true, force: true })
  })

  test('sign up, post from the native dialog, like, and stay signed in after a restart', async () => {
    test.setTimeout(180_000)
    if ('skip' in target) return
    const userData = join(workDir, 'user-data')
    const photo = join(workDir, 'sunset.png')
    writePng(photo)
    const stamp = Date.now().toString(36)
    const user = {
      fullName: 'Ada Lovelace',
      username: `ada_${stamp}`,
      email: `ada-${stamp}@example.com`,
      password: 'correct horse battery staple'
    }
    const caption = `First light ${stamp}`

    let app = await ElectronDriver.launch(target, userData)
    try {
      expect((await app.config()).backendKind).toBe('local')
      // The window has an origin of its own (not file://'s "null"), the one the backend allows.
      expect(app.page.url()).toMatch(/^app:\/\/instaframe\/index\.html/)
      const origin = await app.page.evaluate(
        () => (globalThis as unknown as { location: { origin: string } }).location.origin
      )
      expect(origin).toBe('app://instaframe')
      await app.signUp(user)
      await app.createPost(photo, caption, user.username)
      await app.like(user.username, caption)
    } finally {
      await app.close()
    }

    app = await ElectronDriver.launch(target, userData)
    try {
      const config = await app.config()
      if (config.secretStorageWarning) {
        // No OS secret store (e.g. Linux without libsecret): by design nothing was kept on disk.
        test.info().annotations.push({ type: 'note', description: config.secretStorageWarning })
        expect((await app.session()).user).toBeNull()
      } else {
        const session = await app.waitForSignedIn()
        expect(session.profile?.username).toBe(user.username)
      }
      // The post and the like live in the local backend's data folder either way.
      await expect(app.post(user.username).filter({ hasText: caption })).toBeVisible()
    } finally {
      await app.close()
    }
  })

  test('deep links open the own profile, a bad one only says why; Go › Back, Forward, Activity; File › New Post', async () => {
    test.setTimeout(180_000)
    if ('skip' in target) return
    const stamp = Date.now().toString(36)
    const user = {
      fullName: 'Grace Hopper',
      username: `grace_${stamp}`,
      email: `grace-${stamp}@example.com`,
      password: 'correct horse battery staple'
    }
    // A damaged link on the command line, as Windows and Linux start the app with it.
    const app = await ElectronDriver.launch(target, join(workDir, 'user-data'), [
      'instaframe://p/not-a-post'
    ])
    try {
      await expect(app.page.getByText('This post link is damaged', { exact: false })).toBeVisible()
      await app.signUp(user)

      await app.openUrl(`instaframe://u/${user.username}`)
      await expect(
        app.page.getByRole('heading', { level: 1, name: user.username, exact: true })
      ).toBeVisible()
      await expect(app.page).toHaveTitle(`${user.username} • Instaframe`)

      // Go › Back and Forward move through the history the link made.
      await app.clickMenu('Go', 'Back')
      await expect(app.page).toHaveTitle('Instaframe')
      await app.clickMenu('Go', 'Forward')
      await expect(app.page).toHaveTitle(`${user.username} • Instaframe`)
      await app.clickMenu('Go', 'Activity')
      await expect(app.page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()

      await app.clickMenu('File', 'New Post')
      await expect(app.page.getByRole('dialog', { name: 'Create new post' })).toBeVisible()
    } finally {
      await app.close()
    }
  })

  test('a photo dropped on the feed, or opened with the app, opens Create with it', async () => {
    test.setTimeout(180_000)
    if ('skip' in target) return
    const stamp = Date.now().toString(36)
    const user = {
      fullName: 'Hedy Lamarr',
      username: `hedy_${stamp}`,
      email: `hedy-${stamp}@example.com`,
      password: 'correct horse battery staple'
    }
    const photo = join(workDir, 'harbour.png')
    writePng(photo)
    const app = await ElectronDriver.launch(target, join(workDir, 'user-data'))
    const create = app.page.getByRole('dialog', { name: 'Create new post' })
    const preview = create.getByRole('img', { name: 'Preview of the selected image' })
    const discard = app.page
      .getByRole('dialog', { name: 'Discard post?' })
      .getByRole('button', { name: 'Discard' })
    try {
      await app.signUp(user)

      await app.dropFile(photo, 'image/png')
      await expect(preview).toBeVisible()
      // A chosen photo is asked about before the dialog closes.
      await app.page.keyboard.press('Escape')
      await discard.click()
      await expect(create).toBeHidden()

      // main reads the file with the dialog's rules and sends it over app:open-files.
      await app.openFile(photo)
      await expect(preview).toBeVisible()
      await app.page.keyboard.press('Escape')
      await discard.click()

      const notes = join(workDir, 'notes.png')
      writeFileSync(notes, 'not a photo')
      await app.openFile(notes)
      await expect(app.page.getByText('Please drop an image file')).toBeVisible()
    } finally {
      await app.close()
    }
  })
})
