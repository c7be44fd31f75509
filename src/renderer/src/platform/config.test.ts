import { describe, expect, it, vi } from 'vitest'
import { loadBrowserConfig, MissingConfigError } from './config'

const response = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('loadBrowserConfig', () => {
  it('prefers config.json served next to index.html', async () => {
    const fetch = vi.fn(async () =>
      response(200, { supabaseUrl: 'http://runtime', supabaseAnonKey: 'k1' })
    )
    const config = await loadBrowserConfig({
      env: { VITE_SUPABASE_URL: 'http://build', VITE_SUPABASE_ANON_KEY: 'k2' },
      fetch
    })
    expect(config).toEqual({ supabaseUrl: 'http://runtime', supabaseAnonKey: 'k1' })
    expect(fetch).toHaveBeenCalledWith('./config.json', expect.anything())
  })

  it('falls back to the build-time env when there is no config.json', async () => {
    const config = await loadBrowserConfig({
      env: { VITE_SUPABASE_URL: 'http://build', VITE_SUPABASE_ANON_KEY: 'k2' },
      fetch: vi.fn(async () => response(404, {}))
    })
    expect(config).toEqual({ supabaseUrl: 'http://build', supabaseAnonKey: 'k2' })
  })

  it('passes on a splash length, and leaves out one that is not a duration', async () => {
    const served = (splashMs: unknown) =>
      loadBrowserConfig({
        env: {},
        fetch: vi.fn(async () =>
          response(200, { supabaseUrl: 'http://runtime', supabaseAnonKey: 'k1', splashMs })
        )
      })
    expect(await served(0)).toEqual({
      supabaseUrl: 'http://runtime',
      supabaseAnonKey: 'k1',
      splashMs: 0
    })
    for (const bad of [-1, '0', null, 'soon']) {
      expect(await served(bad)).toEqual({ supabaseUrl: 'http://runtime', supabaseAnonKey: 'k1' })
    }
  })

  it('ignores a config.json without the expected fields', async () => {
    await expect(
      loadBrowserConfig({ env: {}, fetch: vi.fn(async () => response(200, { nope: 1 })) })
    ).rejects.toBeInstanceOf(MissingConfigError)
  })
})
