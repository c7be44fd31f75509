// How the hostile bench's attacks reach a backend: REST requests (with the anon key, or as a
// foreign web page sends them, with none), realtime joins and password sign-ins. Every request
// gives up after ATTACK_TIMEOUT_MS on the client side (the backend may stay busy after that;
// the bench then restarts it).

import { WebSocket } from 'ws'

export const ATTACK_TIMEOUT_MS = 10_000

export interface Target {
  url: string
  anonKey: string
  /** A signed-in user's access token: the author of `postId`. */
  userToken: string
  userId: string
  /** A post with 4,600 comments. */
  postId: string
  /** Usernames that exist, for @mentions. */
  usernames: string[]
  /** Emails of users whose password is `password`, for sign-ins. */
  emails: string[]
  password: string
}

/** What an attack got: a short status, and whether the backend turned it away. */
export interface Outcome {
  status: string
  refused: boolean
}

export interface Attack {
  name: string
  /**
   * A request any web page can send to the backend (an `<img>`, a form, a no-cors fetch: no
   * apikey, no custom header). On PGlite, the desktop app's backend, it must be refused.
   */
  webPage?: boolean
  run(target: Target): Promise<Outcome>
}

export const isRefusal = (status: number): boolean => status >= 400 && status < 500

export interface RestInit {
  method?: string
  body?: unknown
  /** A body sent as it is (a form's text/plain), instead of JSON. */
  rawBody?: string
  token?: string
  prefer?: string
  /** Sent as a foreign page's `<img>` or form would: no apikey, no Authorization. */
  asWebPage?: boolean
}

/** The status of one request, or "timeout". */
async function restStatus(target: Target, path: string, init: RestInit): Promise<string> {
  const headers: Record<string, string> = init.asWebPage
    ? {
        'content-type': 'text/plain',
        'sec-fetch-site': 'cross-site',
        referer: 'https://evil.example/'
      }
    : {
        apikey: target.anonKey,
        authorization: `Bearer ${init.token ?? target.anonKey}`,
        'content-type': 'application/json',
        ...(init.prefer ? { prefer: init.prefer } : {})
      }
  try {
    const response = await fetch(`${target.url}/rest/v1/${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS)
    })
    const bytes = (await response.arrayBuffer()).byteLength
    return `${response.status}${bytes > 1_000_000 ? ` (${(bytes / 1e6).toFixed(0)} MB)` : ''}`
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'timeout'
    throw error
  }
}

/** A request to the REST API. */
export async function rest(target: Target, path: string, init: RestInit = {}): Promise<Outcome> {
  const status = await restStatus(target, path, init)
  return { status, refused: isRefusal(Number.parseInt(status, 10)) }
}

/** `count` requests at once; refused when every one was. */
export async function restBurst(
  target: Target,
  count: number,
  request: (i: number) => { path: string; init: RestInit }
): Promise<Outcome> {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const { path, init } = request(i)
      return restStatus(target, path, init)
    })
  )
  return summarize(statuses)
}

/** "201 × 18, 504 × 2", refused when all were. */
function summarize(statuses: string[]): Outcome {
  const counts = new Map<string, number>()
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
  return {
    status: [...counts].map(([status, n]) => `${status} × ${n}`).join(', '),
    refused: statuses.every((s) => isRefusal(Number.parseInt(s, 10)))
  }
}

/** `count` password sign-ins at once, each with its own user. */
export async function signIns(target: Target, count: number): Promise<Outcome> {
  const statuses = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      try {
        const response = await fetch(`${target.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: target.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: target.emails[i % target.emails.length],
            password: target.password
          }),
          signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS)
        })
        await response.arrayBuffer()
        return String(response.status)
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') return 'timeout'
        throw error
      }
    })
  )
  return summarize(statuses)
}

export interface Joins {
  ok: number
  refused: number
  sockets: number
}

/** Opens `sockets` sockets and joins `channels` channels of `bindings(i)` on each. */
export async function realtimeJoins(
  target: Target,
  sockets: number,
  channels: number,
  bindings: (channel: number) => Record<string, unknown>[]
): Promise<{ joins: Joins; close: () => void }> {
  const joins: Joins = { ok: 0, refused: 0, sockets: 0 }
  const open: WebSocket[] = []
  const base = `${target.url.replace('http', 'ws')}/realtime/v1/websocket`
  await Promise.all(
    Array.from({ length: sockets }, async () => {
      const ws = new WebSocket(`${base}?vsn=2.0.0&apikey=${target.anonKey}`)
      const opened = await new Promise<boolean>((resolve) => {
        ws.once('open', () => resolve(true))
        ws.once('error', () => resolve(false))
        ws.once('unexpected-response', () => resolve(false))
      })
      if (!opened) return
      joins.sockets++
      open.push(ws)
      let pending = channels
      const done = new Promise<void>((resolve) => {
        ws.on('message', (data) => {
          const [, , , event, payload] = JSON.parse(data.toString())
          if (event !== 'phx_reply') return
          if ((payload as { status: string }).status === 'ok') joins.ok++
          else joins.refused++
          if (--pending === 0) resolve()
        })
        setTimeout(resolve, ATTACK_TIMEOUT_MS).unref()
      })
      for (let c = 0; c < channels; c++) {
        const ref = String(c)
        const config = { postgres_changes: bindings(c) }
        ws.send(JSON.stringify([ref, ref, `realtime:h${c}`, 'phx_join', { config }]))
      }
      await done
    })
  )
  return { joins, close: () => open.forEach((ws) => ws.terminate()) }
}

export const terms = (n: number, make: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => make(i)).join(',')

/** Lets delivery do what a change asks of it while the prober keeps reading. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1_000))
