// LISTEN on a PostgreSQL server. A pooled connection cannot hold a LISTEN (it goes back to the
// pool), so each listener gets one dedicated client, re-connected when the server drops it.

import pg from 'pg'
import type { Unlisten } from './database'

const RECONNECT_DELAY_MS = 1_000

function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"'
}

export async function listenOnServer(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onInterrupted?: () => void
): Promise<Unlisten> {
  let current: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | null = null

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString })
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload)
    })
    // 'end' follows every error that loses the connection; reconnecting happens there.
    client.on('error', () => undefined)
    client.on('end', () => {
      if (current === client) current = null
      if (stopped) return
      // Whatever was notified while no one listened is gone: let the listener's clients know.
      onInterrupted?.()
      schedule()
    })
    await client.connect()
    try {
      await client.query(`listen ${quoteIdent(channel)}`)
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
    if (stopped) {
      await client.end()
      return
    }
    current = client
  }

  const schedule = (): void => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = null
      connect().catch((error: unknown) => {
        console.warn(`[db] LISTEN ${channel} could not reconnect yet:`, (error as Error).message)
        schedule()
      })
    }, RECONNECT_DELAY_MS)
    retry.unref()
  }

  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    const client = current
    current = null
    await client?.end().catch(() => undefined)
  }
}
