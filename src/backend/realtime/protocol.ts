// The Phoenix channel wire format that @supabase/realtime-js speaks. `vsn=1.0.0` frames are JSON
// objects; `vsn=2.0.0` (realtime-js's default) frames are JSON arrays
// `[join_ref, ref, topic, event, payload]`, except broadcast pushes, which it sends as a binary
// frame (kind 3) so a payload can be raw bytes.

export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export class ProtocolError extends Error {}

export function parseVsn(value: string | null): Vsn {
  if (value === null || value === '1.0.0') return '1.0.0'
  if (value === '2.0.0') return '2.0.0'
  throw new ProtocolError(`Unsupported protocol version vsn=${value}; use 1.0.0 or 2.0.0`)
}

const asRef = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value)

function fromParts(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown
): Frame {
  if (typeof topic !== 'string' || typeof event !== 'string') {
    throw new ProtocolError('A message needs a string topic and event')
  }
  return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: payload ?? {} }
}

/** realtime-js's user broadcast push: kind, five lengths, encoding, then the strings. */
const USER_BROADCAST_PUSH = 3
/** The server's user broadcast frame, for binary payloads (see encodeBroadcast). */
const USER_BROADCAST = 4
const BINARY_HEADER_LENGTH = 7
const BINARY_ENCODING = 0
const JSON_ENCODING = 1

/** A user broadcast: its event and its payload (JSON, or raw bytes as a Buffer). */
export interface BroadcastMessage {
  event: string
  payload: unknown
  /** Its frames once encoded, per vsn: a room's members share them (same topic, same bytes). */
  frames?: Map<Vsn, string | Buffer | null>
}

/** The payload's size as it travels (its JSON text, or its bytes): what the size cap counts. */
export function payloadBytes(payload: unknown): number {
  if (Buffer.isBuffer(payload)) return payload.length
  return Buffer.byteLength(JSON.stringify(payload ?? null) ?? '')
}

function decodeBinary(bytes: Buffer): Frame {
  if (bytes.length < BINARY_HEADER_LENGTH || bytes[0] !== USER_BROADCAST_PUSH) {
    throw new ProtocolError('Unknown binary message')
  }
  const lengths = [bytes[1], bytes[2], bytes[3], bytes[4], bytes[5]]
  const encoding = bytes[6]
  let offset = BINARY_HEADER_LENGTH
  const [joinRef, ref, topic, userEvent] = lengths.map((length) => {
    const text = bytes.subarray(offset, offset + length).toString('utf8')
    offset += length
    return text
  })
  if (offset > bytes.length) throw new ProtocolError('Truncated binary message')
  const raw = bytes.subarray(offset)
  let payload: unknown = Buffer.from(raw)
  if (encoding === JSON_ENCODING) {
    try {
      payload = raw.length === 0 ? {} : JSON.parse(raw.toString('utf8'))
    } catch {
      throw new ProtocolError('A broadcast payload marked JSON must be JSON')
    }
  } else if (encoding !== BINARY_ENCODING) {
    throw new ProtocolError(`Unknown broadcast payload encoding ${encoding}`)
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event: userEvent, payload }
  }
}

export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) return decodeBinary(data)
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString('utf8'))
  } catch {
    throw new ProtocolError('A message must be JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new ProtocolError('A vsn 2.0.0 message is [join_ref, ref, topic, event, payload]')
    }
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4])
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ProtocolError('A vsn 1.0.0 message is an object')
  }
  const message = parsed as Record<string, unknown>
  return fromParts(message.join_ref, message.ref, message.topic, message.event, message.payload)
}

export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
  }
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload
  })
}

/** The answer to a push: `phx_reply` with the push's refs. */
export function reply(
  to: Frame,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {}
): Frame {
  return {
    joinRef: to.joinRef,
    ref: to.ref,
    topic: to.topic,
    event: 'phx_reply',
    payload: { status, response }
  }
}

/** A message the server starts (no ref): system notices, changes, phx_close. */
export function serverPush(
  topic: string,
  event: string,
  payload: unknown,
  joinRef: string | null = null
): Frame {
  return { joinRef, ref: null, topic, event, payload }
}

/**
 * A broadcast as its receivers get it: a JSON frame, or for a binary payload realtime-js's
 * user broadcast frame (kind 4: topic, event and metadata lengths, encoding, then the bytes).
 * null when the receiver cannot take it (vsn 1.0.0 has no binary frames).
 */
export function encodeBroadcast(
  vsn: Vsn,
  topic: string,
  message: BroadcastMessage
): string | Buffer | null {
  const cached = message.frames?.get(vsn)
  if (cached !== undefined) return cached
  const frame = encodeBroadcastFrame(vsn, topic, message)
  ;(message.frames ??= new Map()).set(vsn, frame)
  return frame
}

function encodeBroadcastFrame(
  vsn: Vsn,
  topic: string,
  message: BroadcastMessage
): string | Buffer | null {
  if (!Buffer.isBuffer(message.payload)) {
    const payload = { type: 'broadcast', event: message.event, payload: message.payload }
    return encodeFrame(vsn, serverPush(topic, 'broadcast', payload))
  }
  const topicBytes = Buffer.from(topic)
  const eventBytes = Buffer.from(message.event)
  // Lengths are one byte each.
  if (vsn === '1.0.0' || topicBytes.length > 255 || eventBytes.length > 255) return null
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    BINARY_ENCODING
  ])
  return Buffer.concat([header, topicBytes, eventBytes, message.payload])
}
