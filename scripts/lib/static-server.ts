// Serves the browser build (dist-web) with a runtime config.json that points the page at a
// backend. Used by `npm run start:web` and the browser tests.

import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf'
}

/**
 * Vite names every file under assets/ by a hash of its content, so a browser may keep them for
 * good and skip even the revalidation on reload (and reuse its compiled code); index.html names
 * the current ones, so it is asked for again each time.
 */
function cacheControlFor(base: string, file: string): string {
  return file.startsWith(join(base, 'assets') + sep)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache'
}

export interface WebConfig {
  supabaseUrl: string
  supabaseAnonKey: string
  /** How long the page's splash shows (0: none); absent, the app's own 1 s. */
  splashMs?: number
}

export interface RunningWebServer {
  url: string
  close(): Promise<void>
}

export async function serveWebBuild(
  root: string,
  config: WebConfig,
  port = 0,
  host = '127.0.0.1'
): Promise<RunningWebServer> {
  const base = resolve(root)
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (pathname === '/config.json') {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.json'], 'cache-control': 'no-store' })
      res.end(JSON.stringify(config))
      return
    }
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname))
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      const info = await stat(file)
      if (!info.isFile()) throw new Error('not a file')
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': cacheControlFor(base, file)
      })
      createReadStream(file).pipe(res)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => done())
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${host}:${address.port}/`,
    close: () =>
      new Promise((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
  }
}
