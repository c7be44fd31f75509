// The production build carries a Content-Security-Policy that allows scripts from the app only,
// and the whole main flow (feed, sign-in, a post with its preview, image worker and upload,
// profile) runs under it without a single violation.

import { photoPng } from './fixtures/images'
import { chooseFile, openCreatePost, openProfile, openSignedIn, sharePost, ui } from './support/app'
import { createPostAs, createUser } from './support/backend'
import { expect, test } from './support/test'

/** What page.evaluate callbacks see: they run in the page, but this file is typed for Node. */
interface PageGlobals {
  __cspViolations: string[]
  __inlineRan?: boolean
  document: {
    addEventListener(
      type: 'securitypolicyviolation',
      listener: (event: { violatedDirective: string; blockedURI: string }) => void
    ): void
    createElement(tag: 'script'): { textContent: string }
    body: { append(node: unknown): void }
  }
}

test('the app runs under its Content-Security-Policy with no violations', async ({ page }) => {
  const user = await createUser('csp')
  await createPostAs(user, 'Under policy', 3)
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals
    page.__cspViolations = []
    page.document.addEventListener('securitypolicyviolation', (event) =>
      page.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`)
    )
  })

  await openSignedIn(page, user)
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content')
  expect(policy).toContain("script-src 'self'")
  expect(policy).not.toContain('unsafe-eval')

  await openCreatePost(page)
  await chooseFile(page, photoPng(21))
  await expect(ui.preview(page)).toBeVisible()
  await ui.caption(page).fill('Shared under a strict policy')
  await sharePost(page)
  await expect(ui.posts(page).first()).toContainText('Shared under a strict policy')
  await openProfile(page)

  // An inline script, as injected markup would carry, is refused. (These callbacks run in the
  // page and cannot close over anything in this file, hence the casts inside each.)
  await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals
    const script = document.createElement('script')
    script.textContent = 'window.__inlineRan = true'
    document.body.append(script)
  })
  expect(
    await page.evaluate(() => (globalThis as unknown as PageGlobals).__inlineRan)
  ).toBeUndefined()

  const violations = await page.evaluate(
    () => (globalThis as unknown as PageGlobals).__cspViolations
  )
  // Exactly the one inline script above, nothing the app itself does.
  expect(violations).toEqual([expect.stringMatching(/^script-src-elem inline/)])
})
