import { describe, expect, it } from 'vitest'
import {
  sanitizeBounds,
  MIN_WINDOW_SIZE,
  DEFAULT_WINDOW_SIZE
} from '../../../src/main/window/bounds'
import { buildCsp, withCspHeader } from '../../../src/main/window/csp'
import { isPermissionAllowed } from '../../../src/main/window/permissions'
import { createRendererUrlPolicy, isSafeExternalUrl } from '../../../src/main/window/url-policy'

describe('isSafeExternalUrl', () => {
  it('allows http and https links', () => {
    expect(isSafeExternalUrl('https://supabase.com/docs')).toBe(true)
    expect(isSafeExternalUrl('http://example.com')).toBe(true)
  })
  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'data:text/html,<script>1</script>',
    'vbscript:msgbox',
    'not a url',
    '//example.com',
    'https://bank.example@evil.example/'
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false)
  })
})

describe('renderer URL policy', () => {
  const prod = createRendererUrlPolicy({})
  const dev = createRendererUrlPolicy({ devServerUrl: 'http://localhost:5173/' })

  it('in production, only app://instaframe/index.html is the app, and that is its origin', () => {
    expect(prod.indexUrl).toBe('app://instaframe/index.html')
    expect(prod.origin).toBe('app://instaframe')
    expect(prod.isRendererUrl('app://instaframe/index.html')).toBe(true)
    expect(prod.isRendererUrl('app://instaframe/index.html#/profile')).toBe(true)
    for (const url of [
      'app://instaframe/other.html',
      'app://instaframe.evil/index.html',
      'app://evil/index.html',
      'app://user@instaframe/index.html',
      'app://instaframe:8080/index.html',
      'file:///opt/Instaframe/resources/app.asar/out/renderer/index.html',
      'file:///tmp/evil.html',
      'http://localhost:5173/',
      'null'
    ]) {
      expect(prod.isRendererUrl(url), url).toBe(false)
    }
  })
  it('in development, only the dev server origin is the app', () => {
    expect(dev.isRendererUrl('http://localhost:5173/index.html')).toBe(true)
    expect(dev.isRendererUrl('http://localhost:5174/')).toBe(false)
    expect(dev.isRendererUrl('http://localhost.evil.example:5173/')).toBe(false)
    expect(dev.isRendererUrl('app://instaframe/index.html')).toBe(false)
    expect(dev.origin).toBe('http://localhost:5173')
    expect(dev.indexUrl).toBe('http://localhost:5173/')
  })
})

describe('buildCsp', () => {
  const directive = (csp: string, name: string): string[] =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))!
      .split(' ')
      .slice(1)

  it('production: scripts from self only; data and images from self, data:, blob: and the backend (with its Realtime socket)', () => {
    const csp = buildCsp({ backendUrl: 'http://127.0.0.1:54321/some/path' })
    expect(directive(csp, 'script-src')).toEqual(["'self'"])
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://127.0.0.1:54321',
      'ws://127.0.0.1:54321'
    ])
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://127.0.0.1:54321'
    ])
    // Video posts: the clip being posted (blob:) and clips from the backend, nothing else.
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'blob:', 'http://127.0.0.1:54321'])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
    expect(csp).not.toContain('unsafe-eval')
  })
  it('development adds only what Vite needs: its inline preamble and HMR socket', () => {
    const csp = buildCsp({
      backendUrl: 'https://abc.supabase.co',
      devServerUrl: 'http://localhost:5173'
    })
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directive(csp, 'connect-src')).toContain('ws://localhost:5173')
    expect(directive(csp, 'connect-src')).toContain('https://abc.supabase.co')
    // Realtime on a hosted project is a wss:// socket to the same host.
    expect(directive(csp, 'connect-src')).toContain('wss://abc.supabase.co')
  })
  it('allows no backend at all while the backend is not known', () => {
    const csp = buildCsp({ backendUrl: 'http://127.0.0.1:1', noBackend: true })
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'blob:'])
  })
  it('replaces a CSP header whatever its case', () => {
    const headers = withCspHeader(
      { 'content-security-policy': ['*'], 'X-Other': ['1'] },
      "default-src 'self'"
    )
    expect(headers).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': ["default-src 'self'"] })
  })
})

describe('sanitizeBounds', () => {
  const screen = { x: 0, y: 0, width: 1920, height: 1040 }
  const second = { x: 1920, y: 0, width: 1280, height: 1024 }

  it('keeps sane saved bounds', () => {
    expect(
      sanitizeBounds({ x: 100, y: 50, width: 1000, height: 700, maximized: false }, [screen])
    ).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 700,
      maximized: false,
      fullScreen: false
    })
  })
  it('remembers full screen and maximized, and only a literal true turns them on', () => {
    const saved = { width: 1000, height: 700, maximized: true, fullScreen: true }
    expect(sanitizeBounds(saved, [screen])).toMatchObject({ maximized: true, fullScreen: true })
    expect(sanitizeBounds({ ...saved, fullScreen: 'yes' }, [screen]).fullScreen).toBe(false)
  })
  it('uses defaults for missing or hand-edited values', () => {
    expect(sanitizeBounds(undefined, [screen])).toEqual({
      ...DEFAULT_WINDOW_SIZE,
      maximized: false,
      fullScreen: false
    })
    expect(sanitizeBounds({ width: 'big', height: NaN, x: '1' }, [screen])).toEqual({
      ...DEFAULT_WINDOW_SIZE,
      maximized: false,
      fullScreen: false
    })
  })
  it('enforces the minimum size and the largest screen as maximum', () => {
    const tiny = sanitizeBounds({ width: 10, height: -5 }, [screen])
    expect([tiny.width, tiny.height]).toEqual([MIN_WINDOW_SIZE.width, MIN_WINDOW_SIZE.height])
    const huge = sanitizeBounds({ width: 99999, height: 99999 }, [screen, second])
    expect([huge.width, huge.height]).toEqual([1920, 1040])
  })
  it('drops a position on a monitor that is gone, so the window is centred', () => {
    const bounds = sanitizeBounds({ x: 2500, y: 100, width: 1000, height: 700 }, [screen])
    expect(bounds.x).toBeUndefined()
    expect(bounds.y).toBeUndefined()
    expect(sanitizeBounds({ x: 2500, y: 100, width: 1000, height: 700 }, [screen, second]).x).toBe(
      2500
    )
  })
  it('drops a position whose title bar is above the screen', () => {
    expect(
      sanitizeBounds({ x: 100, y: -400, width: 1000, height: 700 }, [screen]).y
    ).toBeUndefined()
  })
})

describe('permissions and menu', () => {
  it('denies the device and notification permissions the app does not use', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'hid',
      'serial',
      'openExternal',
      'clipboard-read'
    ]) {
      expect(isPermissionAllowed(permission)).toBe(false)
    }
  })
})
