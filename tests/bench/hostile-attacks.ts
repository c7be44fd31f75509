// The hostile requests of issue #23, and a few more: each one request (or one burst) that an
// outsider can send to a local backend. Every attack resolves with a short status ("400",
// "200 × 1", "refused 700 of 700 joins") and never runs longer than ATTACK_TIMEOUT_MS on the
// client side (the backend may stay busy after that; the bench then restarts it).

import { WebSocket } from 'ws'

export const ATTACK_TIMEOUT_MS = 10_000

export interface Target {
  url: string
  anonKey: string
  /** A signed-in user's access token. */
  userToken: string
  userId: string
  postId: string
  /** Usernames that exist, for @mentions. */
  usernames: string[]
  /** A user with a real bcrypt password, for sign-in bursts. */
  email: string
  password: string
}

export interface Attack {
  name: string
  run(target: Target): Promise<string>
}

/** A request to the REST API; resolves with its status (or "timeout"). */
async function rest(
  target: Target,
  path: string,
  init: { method?: string; body?: unknown; token?: string; prefer?: string } = {}
): Promise<string> {
  try {
    const response = await fetch(`${target.url}/rest/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: target.anonKey,
        authorization: `Bearer ${init.token ?? target.anonKey}`,
        'content-type': 'application/json',
        ...(init.prefer ? { prefer: init.prefer } : {})
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS)
    })
    const bytes = (await response.arrayBuffer()).byteLength
    return `${response.status}${bytes > 1_000_000 ? ` (${(bytes / 1e6).toFixed(0)} MB)` : ''}`
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'timeout'
    throw error
  }
}

interface Joins {
  ok: number
  refused: number
  sockets: number
}

/** Opens `sockets` sockets and joins `channels` channels of `bindings(i)` on each. */
async function realtimeJoins(
  target: Target,
  sockets: number,
  channels: number,
  bindings: (channel: number) => Record<string, unknown>[]
): Promise<{ joins: Joins; close: () => void; open: WebSocket[] }> {
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
  return { joins, open, close: () => open.forEach((ws) => ws.terminate()) }
}

/** `n` password sign-ins at once, each a bcrypt comparison; resolves with their statuses. */
async function signInBurst(target: Target, n: number): Promise<string> {
  const statuses = await Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${target.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: target.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: target.email, password: target.password }),
        signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS)
      }).then(
        (response) => String(response.status),
        () => 'timeout'
      )
    )
  )
  const counts = new Map<string, number>()
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
  return [...counts].map(([status, count]) => `${status} × ${count}`).join(', ')
}

const terms = (n: number, make: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => make(i)).join(',')

export const ATTACKS: Attack[] = [
  {
    name: 'REST `match` with a backreference on a 2,001-character comment',
    run: (t) =>
      rest(t, `comments?select=id&body=match.${encodeURIComponent('^(a*)(a*)\\1\\2\\1\\2a$')}`)
  },
  {
    name: 'REST `or=` of 720 `ilike` terms',
    run: (t) => rest(t, `posts?select=id&or=(${terms(720, (i) => `caption.ilike.*x${i}*`)})`)
  },
  {
    name: 'REST `ilike` with 7,000 wildcards',
    run: (t) => rest(t, `posts?select=id&caption=ilike.${'*a'.repeat(3_500)}`)
  },
  {
    name: 'REST ten sibling to-many embeds',
    run: (t) =>
      rest(t, `profiles?select=id,${terms(10, (i) => `p${i}:posts(id,caption,image_url)`)}`)
  },
  {
    name: 'REST `in.()` with 5,000 ids',
    run: (t) =>
      rest(
        t,
        `posts?select=id&id=in.(${terms(5_000, () => '00000000-0000-4000-8000-000000000000')})`
      )
  },
  {
    name: 'REST `count=exact` over every post, sorted by caption, deep offset',
    run: (t) =>
      rest(t, 'posts?select=id&order=caption.desc&offset=19000&limit=1000', {
        prefer: 'count=exact'
      })
  },
  {
    name: 'REST one POST of 300 comments, each @mentioning 55 users (signed in)',
    run: (t) => {
      const mentions = t.usernames
        .slice(0, 55)
        .map((u) => `@${u}`)
        .join(' ')
      const rows = Array.from({ length: 300 }, () => ({
        post_id: t.postId,
        user_id: t.userId,
        body: mentions.slice(0, 2_200)
      }))
      return rest(t, 'comments', {
        method: 'POST',
        body: rows,
        token: t.userToken,
        prefer: 'return=minimal,tx=rollback'
      })
    }
  },
  {
    name: 'Realtime: 7 anonymous sockets × 100 channels × 100 filters',
    run: async (t) => {
      const { joins, close } = await realtimeJoins(t, 7, 100, (c) =>
        Array.from({ length: 100 }, (_, i) => ({
          event: '*',
          schema: 'public',
          table: 'posts',
          filter: `caption=eq.${c}-${i}`
        }))
      )
      close()
      return `${joins.sockets} sockets, ${joins.ok} joins accepted, ${joins.refused} refused`
    }
  },
  {
    name: 'Realtime: a backreference filter, then a post is published',
    run: async (t) => {
      const { joins, close } = await realtimeJoins(t, 1, 1, () => [
        {
          event: 'INSERT',
          schema: 'public',
          table: 'posts',
          filter: 'caption=match.^(a*)(a*)\\1\\2\\1\\2a$'
        }
      ])
      const status = await rest(t, 'posts', {
        method: 'POST',
        token: t.userToken,
        prefer: 'return=minimal',
        body: {
          user_id: t.userId,
          image_url: `${t.url}/storage/v1/object/public/images/posts/${t.userId}/h.png`,
          caption: 'a'.repeat(400)
        }
      })
      // Give delivery the moment it needs, while the prober keeps reading.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      close()
      return `join ${joins.ok === 1 ? 'accepted' : 'refused'}, insert ${status}`
    }
  },
  {
    name: 'Auth: 10 concurrent password sign-ins',
    run: (t) => signInBurst(t, 10)
  },
  {
    name: 'Auth: 30 concurrent password sign-ins',
    run: (t) => signInBurst(t, 30)
  }
]
