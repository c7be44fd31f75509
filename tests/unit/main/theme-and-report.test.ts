import { describe, expect, it } from 'vitest'
import { crashReporterOptions } from '../../../src/main/logging/crash-reports'
import { problemReportUrl } from '../../../src/main/report-problem'
import {
  WINDOW_BACKGROUND,
  setThemeSource,
  storedThemeSource,
  windowBackground,
  type NativeThemeLike
} from '../../../src/main/window/theme'

function memoryStore(initial: Record<string, unknown> = {}): {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
  values: Record<string, unknown>
} {
  const values = { ...initial }
  return {
    values,
    get: (key) => values[key],
    set: (key, value) => {
      values[key] = value
    },
    delete: (key) => {
      delete values[key]
    }
  }
}

describe('theme', () => {
  it('follows the system until the user picks, and remembers the pick', () => {
    const store = memoryStore()
    expect(storedThemeSource(store)).toBe('system')
    const nativeTheme: NativeThemeLike = { themeSource: 'system', shouldUseDarkColors: false }
    setThemeSource(nativeTheme, store, 'dark')
    expect(nativeTheme.themeSource).toBe('dark')
    expect(storedThemeSource(store)).toBe('dark')
  })

  it('treats a hand-edited value as system', () => {
    expect(storedThemeSource(memoryStore({ theme: 'purple' }))).toBe('system')
    expect(storedThemeSource(memoryStore({ theme: 42 }))).toBe('system')
  })

  it('paints the window in the page background of the theme in use (no white flash in dark)', () => {
    expect(windowBackground({ shouldUseDarkColors: true })).toBe(WINDOW_BACKGROUND.dark)
    expect(windowBackground({ shouldUseDarkColors: false })).toBe(WINDOW_BACKGROUND.light)
  })
})

describe('problemReportUrl', () => {
  const info = {
    version: '0.1.0',
    platform: 'win32',
    arch: 'x64',
    osVersion: '10.0.22631',
    electronVersion: '45.4.1'
  }

  it('prefills the issue with the version, OS and Electron', () => {
    const url = new URL(problemReportUrl('https://github.com/acme/instaframe/issues/new', info))
    expect(url.origin + url.pathname).toBe('https://github.com/acme/instaframe/issues/new')
    const body = url.searchParams.get('body') ?? ''
    expect(body).toContain('Instaframe 0.1.0 · win32 10.0.22631 (x64) · Electron 45.4.1')
    expect(body).toContain('What happened?')
  })

  it('refuses a tracker that is not https', () => {
    expect(() => problemReportUrl('http://tracker.example/new', info)).toThrow(/https/)
    expect(() => problemReportUrl('file:///etc/passwd', info)).toThrow(/https/)
  })
})

describe('crashReporterOptions', () => {
  it('keeps minidumps on the machine unless a server is configured', () => {
    expect(crashReporterOptions({ version: '0.1.0' })).toMatchObject({
      uploadToServer: false,
      submitURL: ''
    })
  })

  it('uploads to an https server from the environment, before the build setting', () => {
    const options = crashReporterOptions({
      runtimeUrl: 'https://crash.example/submit',
      buildUrl: 'https://build.example/submit',
      version: '0.1.0'
    })
    expect(options).toMatchObject({
      uploadToServer: true,
      submitURL: 'https://crash.example/submit'
    })
  })

  it('refuses to upload process memory over plain http or to a malformed address', () => {
    for (const runtimeUrl of ['http://crash.example/submit', 'not a url']) {
      expect(crashReporterOptions({ runtimeUrl, version: '1' }).uploadToServer).toBe(false)
    }
  })
})
