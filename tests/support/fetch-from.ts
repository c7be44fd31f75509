// A fetch that connects from a chosen local address, so a test can call the backend as another
// source: on Linux every 127.x.y.z is this machine, and 127.0.0.2 reaches a server on
// 127.0.0.1 as a different peer. Enough of fetch for supabase-js (string bodies, plain headers).

import { request } from 'node:http'

/** Whether this machine lets a socket bind `address` (Linux does for all of 127/8). */
export function canBindLoopback(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ host: '127.0.0.1', port: 9, localAddress: address, timeout: 2_000 })
    probe.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code !== 'EADDRNOTAVAIL' && error.code !== 'EINVAL')
    )
    probe.on('response', () => resolve(true))
    probe.on('timeout', () => probe.destroy())
    probe.end()
  })
}

export function fetchFrom(localAddress: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    const body = init?.body
    if (body !== undefined && body !== null && typeof body !== 'string') {
      throw new Error('fetchFrom sends string bodies only')
    }
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init?.method ?? 'GET',
          headers,
          localAddress
        },
        (incoming) => {
          const chunks: Buffer[] = []
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
          incoming.on('error', reject)
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 0
            const empty = status === 204 || status === 304
            const answer = new Headers()
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (typeof value === 'string') answer.set(name, value)
            }
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }))
          })
        }
      )
      outgoing.on('error', reject)
      outgoing.end(body ?? undefined)
    })
  }
}
