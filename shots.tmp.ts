import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { createClient } from '@supabase/supabase-js'
import { startBackend } from './src/backend/server'
import { WEB_BUILD_DIR } from './scripts/lib/build-web'
import { serveWebBuild } from './scripts/lib/static-server'
import { createPost } from './src/shared/data/posts'
import { photoPng } from './tests/e2e/fixtures/images'

async function main(): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir: null, migrationsDir: resolve('supabase/migrations') })
  const web = await serveWebBuild(WEB_BUILD_DIR, { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey }, 0)
  backend.allowOrigin(new URL(web.url).origin)
  const client = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } })
  const { data } = await client.auth.signUp({ email: 'mira@example.com', password: 'secret-pass-1', options: { data: { username: 'mira.lens', full_name: 'Mira Lens' } } })
  for (let i = 1; i <= 7; i++) {
    const image = photoPng(i + 20)
    await createPost(client, { userId: data.user!.id, bytes: new Uint8Array(image.buffer), declaredType: image.mimeType, caption: `Frame ${i} #golden` })
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] })
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 800]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme })
      await page.goto(`${web.url}#/u/mira.lens`)
      await page.getByRole('list', { name: 'Posts', exact: true }).waitFor()
      await page.waitForTimeout(800)
      await page.screenshot({ path: `/tmp/shots/profile-${scheme}-${width}.png` })
      await page.goto(`${web.url}#/`)
      await page.getByRole('article').first().waitFor()
      await page.waitForTimeout(800)
      await page.screenshot({ path: `/tmp/shots/feed-${scheme}-${width}.png` })
      await page.close()
    }
  }
  await browser.close()
  await web.close()
  await backend.close()
}
void main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1) })
