// Who is calling, as a hosted project's gateway tells its services: the peer's address, in one
// spelling, and an X-Forwarded-For header the client cannot write. Rate limits (auth/) and any
// rule in SQL that counts by source (request.headers, as PostgREST exposes them) read these, so
// a caller who claims another address in a header is still counted as itself.

import type { IncomingHttpHeaders } from 'node:http'

/** Headers that name the client's address: only the gateway sets them. */
const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'forwarded']

/**
 * The peer's address in one spelling: an IPv4 client of a dual-stack socket arrives as
 * `::ffff:a.b.c.d`, which would otherwise count apart from `a.b.c.d`.
 */
export function clientAddress(socketAddress: string | undefined): string {
  if (!socketAddress) return 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(socketAddress)
  return mapped ? mapped[1] : socketAddress.toLowerCase()
}

/**
 * The request's headers as the gateway passes them on: whatever address headers the client
 * sent are dropped, and X-Forwarded-For names the peer. The local backend is its own gateway:
 * nothing trusted stands in front of it.
 */
export function forwardedHeaders(
  headers: IncomingHttpHeaders,
  address: string
): Record<string, string | undefined> {
  const forwarded: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (ADDRESS_HEADERS.includes(name)) continue
    forwarded[name] = Array.isArray(value) ? value.join(', ') : value
  }
  forwarded['x-forwarded-for'] = address
  return forwarded
}
