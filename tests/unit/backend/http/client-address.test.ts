// The gateway's view of the caller (src/backend/http/client-address.ts): one spelling per
// address, and no address header a client wrote survives into what rate limits and SQL read.

import { describe, expect, it } from 'vitest'
import { clientAddress, forwardedHeaders } from '../../../../src/backend/http/client-address'

describe('the client address', () => {
  it('spells an IPv4 client of a dual-stack socket as IPv4', () => {
    expect(clientAddress('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(clientAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddress('2001:DB8::1')).toBe('2001:db8::1')
    expect(clientAddress(undefined)).toBe('unknown')
  })

  it('forwards the peer as X-Forwarded-For and drops the address headers a client sent', () => {
    const headers = forwardedHeaders(
      {
        'x-forwarded-for': '198.51.100.1, 10.0.0.1',
        'x-real-ip': '198.51.100.2',
        'cf-connecting-ip': '198.51.100.3',
        forwarded: 'for=198.51.100.4',
        apikey: 'key',
        accept: 'application/json'
      },
      '127.0.0.1'
    )
    expect(headers).toEqual({
      'x-forwarded-for': '127.0.0.1',
      apikey: 'key',
      accept: 'application/json'
    })
  })
})
