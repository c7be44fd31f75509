// The wire format realtime-js speaks: both JSON versions, and the binary frame it sends for
// broadcasts, which the backend must still read well enough to answer.

import { describe, expect, it } from 'vitest'
import {
  decodeFrame,
  encodeBroadcast,
  encodeFrame,
  parseVsn,
  ProtocolError,
  reply
} from '../../../../src/backend/realtime/protocol'

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value))

describe('realtime protocol', () => {
  it('reads vsn 2.0.0 arrays and vsn 1.0.0 objects into the same frame', () => {
    const frame = {
      joinRef: '1',
      ref: '2',
      topic: 'realtime:a',
      event: 'phx_join',
      payload: { x: 1 }
    }
    expect(
      decodeFrame('2.0.0', json(['1', '2', 'realtime:a', 'phx_join', { x: 1 }]), false)
    ).toEqual(frame)
    expect(
      decodeFrame(
        '1.0.0',
        json({
          join_ref: '1',
          ref: '2',
          topic: 'realtime:a',
          event: 'phx_join',
          payload: { x: 1 }
        }),
        false
      )
    ).toEqual(frame)
  })

  it('writes replies in the version the socket asked for', () => {
    const push = { joinRef: '1', ref: '7', topic: 'phoenix', event: 'heartbeat', payload: {} }
    expect(JSON.parse(encodeFrame('2.0.0', reply(push, 'ok')))).toEqual([
      '1',
      '7',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} }
    ])
    expect(JSON.parse(encodeFrame('1.0.0', reply(push, 'ok')))).toMatchObject({
      ref: '7',
      event: 'phx_reply'
    })
  })

  it("reads realtime-js's binary broadcast push: refs, topic, event and payload", () => {
    const strings = ['3', '4', 'realtime:room', 'cursor']
    const header = Buffer.from([3, 1, 1, strings[2].length, strings[3].length, 0, 1])
    const frame = decodeFrame(
      '2.0.0',
      Buffer.concat([header, Buffer.from(strings.join('')), Buffer.from('{"x":1}')]),
      true
    )
    expect(frame).toMatchObject({
      joinRef: '3',
      ref: '4',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } }
    })
    const raw = Buffer.from([3, 0, 0, 6, 1, 0, 0])
    const bytes = decodeFrame(
      '2.0.0',
      Buffer.concat([raw, Buffer.from('room:1e'), Buffer.from([7, 8])]),
      true
    )
    expect(bytes.payload).toEqual({ type: 'broadcast', event: 'e', payload: Buffer.from([7, 8]) })
  })

  it('writes a broadcast as JSON, or as the binary user broadcast for bytes, once per vsn', () => {
    const message = { event: 'typing', payload: { on: true } }
    const text = encodeBroadcast('2.0.0', 'realtime:room', message)
    expect(JSON.parse(text as string)).toEqual([
      null,
      null,
      'realtime:room',
      'broadcast',
      { type: 'broadcast', event: 'typing', payload: { on: true } }
    ])
    expect(encodeBroadcast('2.0.0', 'realtime:room', message)).toBe(text)
    const binary = encodeBroadcast('2.0.0', 'realtime:r', { event: 'e', payload: Buffer.from([9]) })
    expect([...(binary as Buffer)]).toEqual([4, 10, 1, 0, 0, ...Buffer.from('realtime:re'), 9])
    expect(encodeBroadcast('1.0.0', 'realtime:r', { event: 'e', payload: Buffer.from([9]) })).toBe(
      null
    )
  })

  it('refuses malformed input with a reason', () => {
    expect(() => decodeFrame('2.0.0', Buffer.from('not json'), false)).toThrow(ProtocolError)
    expect(() => decodeFrame('2.0.0', json({ topic: 'a' }), false)).toThrow(/join_ref, ref/)
    expect(() => decodeFrame('2.0.0', json([null, null, 1, 'x', {}]), false)).toThrow(
      /string topic/
    )
    expect(() => decodeFrame('2.0.0', Buffer.from([9, 0, 0]), true)).toThrow(/binary/)
    expect(() => parseVsn('3.0.0')).toThrow(/Unsupported protocol version/)
    expect(parseVsn(null)).toBe('1.0.0')
  })
})
