// The backend for the realtime bench, in a process of its own (as the desktop app runs it), on
// in-memory PGlite, or on the PostgreSQL database DATABASE_URL names. Started with --expose-gc and an IPC channel, so the bench can ask it for
// its memory after a full garbage collection: resident memory alone is too coarse to see a
// few kilobytes per socket next to the database engine.

import { resolve } from 'node:path'
import { startBackend } from '../../src/backend/server'

export interface MemoryReport {
  /** JS heap plus memory held outside it by JS objects (buffers, sockets' native state). */
  heapAndExternal: number
  rss: number
  connections: number
}

async function main(): Promise<void> {
  const backend = await startBackend({
    dataDir: null,
    databaseUrl: process.env.DATABASE_URL || undefined,
    port: 0,
    migrationsDir: resolve(__dirname, '../../supabase/migrations')
  })
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc || !process.send) throw new Error('start with --expose-gc and an IPC channel')
  process.on('message', (message) => {
    if (message !== 'memory') return
    gc()
    const usage = process.memoryUsage()
    const report: MemoryReport = {
      heapAndExternal: usage.heapUsed + usage.external,
      rss: usage.rss,
      connections: backend.realtime.connectionCount()
    }
    process.send?.(report)
  })
  process.on('disconnect', () => void backend.close().then(() => process.exit(0)))
  process.send({ url: backend.url, anonKey: backend.anonKey })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
