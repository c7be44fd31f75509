// The web build's server (`npm run start:web`, the browser specs): what it serves and how long a
// browser may keep it.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveWebBuild, type RunningWebServer } from '../../../scripts/lib/static-server'

describe('serveWebBuild', () => {
  let root: string
  let server: RunningWebServer

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'instaframe-web-'))
    await mkdir(join(root, 'assets'))
    await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>')
    await writeFile(join(root, 'assets', 'index-AbC123.js'), 'console.log(1)')
    await writeFile(join(root, 'favicon.ico'), 'icon')
    server = await serveWebBuild(root, { supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'k' })
  })

  afterAll(async () => {
    await server.close()
    await rm(root, { recursive: true, force: true })
  })

  const get = (path: string): Promise<Response> => fetch(new URL(path, server.url))

  it('lets a browser keep the hashed assets for good', async () => {
    const response = await get('assets/index-AbC123.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await response.text()).toBe('console.log(1)')
  })

  it('has the page and other files asked for again', async () => {
    for (const path of ['', 'index.html', 'favicon.ico']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it('serves the runtime config, never cached', async () => {
    const response = await get('config.json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      supabaseUrl: 'http://127.0.0.1:1',
      supabaseAnonKey: 'k'
    })
  })

  it('answers 404 for a missing file and refuses a path out of the build', async () => {
    expect((await get('assets/missing.js')).status).toBe(404)
    const escape = await fetch(`${server.url}..%2f..%2fetc%2fpasswd`)
    expect([403, 404]).toContain(escape.status)
  })
})
