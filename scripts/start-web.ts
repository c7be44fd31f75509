// `npm run start:web`: the renderer in a plain browser. Starts a local backend (in memory
// unless --data DIR is given), builds the web app, serves it with a config pointing at that
// backend, and prints the URL to open.

import { resolve } from 'node:path'
import { startLocalStack } from '../src/local/stack'
import { buildWebApp, WEB_BUILD_DIR } from './lib/build-web'
import { serveWebBuild } from './lib/static-server'

const root = resolve(__dirname, '..')

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const dataIndex = args.indexOf('--data')
  const dataDir = dataIndex >= 0 ? resolve(args[dataIndex + 1] ?? '') : null
  const portIndex = args.indexOf('--port')
  const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 5173

  const backend = await startLocalStack({
    port: 0,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    migrationsDir: resolve(root, 'supabase/migrations')
  })
  await buildWebApp()
  const web = await serveWebBuild(
    WEB_BUILD_DIR,
    {
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey
    },
    port
  )
  // --port may move the page off the default dev origins the backend allows (CORS).
  backend.allowOrigin(new URL(web.url).origin)
  console.log(`Web app: ${web.url}`)
  console.log(`API URL: ${backend.url}`)
  const stop = async (): Promise<void> => {
    await web.close()
    await backend.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
