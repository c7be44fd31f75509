// The renderer's own origin, app://instaframe: the scheme's privileges, and the handler that
// serves the built renderer folder and nothing outside it, with the document CSP main names.

import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  APP_ORIGIN,
  appFilePath,
  createAppProtocolHandler,
  registerAppScheme,
  serveAppProtocol
} from '../../../src/main/window/app-protocol'

const ROOT = resolve('/opt/Instaframe/resources/app.asar/out/renderer')
const FILES = new Map<string, string>([
  [join(ROOT, 'index.html'), '<!doctype html><title>Instaframe</title>'],
  [join(ROOT, 'assets', 'index-abc.js'), 'console.log(1)'],
  [join(ROOT, 'assets', 'index-abc.css'), 'body{}'],
  [resolve(ROOT, '..', 'main', 'index.js'), 'secret main code'],
  ['/etc/passwd', 'root:x:0:0']
])

function handlerWith(csp: string | null = "default-src 'self'") {
  const readFile = vi.fn(async (path: string) => {
    const text = FILES.get(path)
    if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' })
    return new TextEncoder().encode(text)
  })
  const handle = createAppProtocolHandler({ rootDir: ROOT, readFile, documentCsp: () => csp })
  return { readFile, handle }
}

describe('app:// scheme', () => {
  it('is registered as a standard, secure scheme that may fetch with CORS', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() }
    registerAppScheme(protocol)
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true }
      }
    ])
    expect(APP_ORIGIN).toBe('app://instaframe')
  })

  it('serves the app scheme with the handler', () => {
    const protocol = { handle: vi.fn() }
    serveAppProtocol(protocol, { rootDir: ROOT, readFile: vi.fn(), documentCsp: () => null })
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
  })
})

describe('app:// handler', () => {
  it('serves the index with the document CSP and the built assets with their types', async () => {
    const { handle } = handlerWith()
    const page = await handle(new Request('app://instaframe/index.html'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(await page.text()).toContain('<title>Instaframe</title>')
    const script = await handle(new Request('app://instaframe/assets/index-abc.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBeNull()
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await handle(new Request('app://instaframe/'))).status).toBe(200)
  })

  it('leaves the CSP to the page’s own <meta> while the backend is not known', async () => {
    const page = await handlerWith(null).handle(new Request('app://instaframe/index.html'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBeNull()
  })

  it('answers 404 for missing files and 405 for writes', async () => {
    const { handle } = handlerWith()
    expect((await handle(new Request('app://instaframe/nope.html'))).status).toBe(404)
    expect((await handle(new Request('app://instaframe/assets/'))).status).toBe(404)
    const post = new Request('app://instaframe/index.html', { method: 'POST', body: 'x' })
    expect((await handle(post)).status).toBe(405)
  })

  it.each([
    'app://instaframe/../main/index.js',
    'app://instaframe/%2e%2e/main/index.js',
    'app://instaframe/assets/%2e%2e/%2e%2e/main/index.js',
    'app://instaframe/..%2fmain%2findex.js',
    'app://instaframe/..%5cmain%5cindex.js',
    'app://instaframe/%2fetc%2fpasswd',
    'app://instaframe//etc/passwd',
    'app://instaframe/index.html%00.png',
    'app://instaframe/%E0%A4%A',
    'app://evil/index.html',
    'app://instaframe:1/index.html',
    'file:///etc/passwd',
    'https://instaframe/index.html'
  ])('serves nothing outside the renderer folder: %s', async (url) => {
    const { handle, readFile } = handlerWith()
    const answer = await handle(new Request(url))
    expect(answer.status).toBe(404)
    for (const [path] of readFile.mock.calls) {
      expect(path.startsWith(ROOT + '/') || path === ROOT, path).toBe(true)
    }
    expect(await answer.text()).not.toMatch(/secret main code|root:x/)
  })

  it('names only files inside the folder', () => {
    expect(appFilePath(ROOT, 'app://instaframe/assets/index-abc.js')).toBe(
      join(ROOT, 'assets', 'index-abc.js')
    )
    // `..` above the root stays at the root, as the URL parser (and Chromium) resolves it.
    expect(appFilePath(ROOT, 'app://instaframe/../main/index.js')).toBe(
      join(ROOT, 'main', 'index.js')
    )
    expect(appFilePath(ROOT, 'app://instaframe/..%2fmain%2findex.js')).toBeNull()
    expect(appFilePath(ROOT, 'not a url')).toBeNull()
  })
})
