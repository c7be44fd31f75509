// The extended-protocol messages that run one parsed statement with text parameters (Bind,
// Describe portal, Execute, and a Sync unless a one-call transaction goes on), written straight
// into one buffer. PGlite's serializer builds the same bytes through a growing writer, a call
// per field, and one buffer per message: ~0.04 ms of the worker's JS in a one-row request (its
// prelude and its statement), against ~0.12 ms for Postgres to run both.

import { protocol } from '@electric-sql/pglite'

const { serialize } = protocol

/** Describe portal '' (for the column names) and Execute portal '' with no row limit. */
const DESCRIBE_EXECUTE = Buffer.concat([serialize.describe({ type: 'P' }), serialize.execute({})])
const SYNC = serialize.sync()

/**
 * Bind (unnamed portal, `statement`, every parameter as text, every result column as text),
 * Describe, Execute and, with `sync`, Sync: byte for byte what PGlite's serializer sends.
 */
export function runMessages(
  values: readonly (string | null)[],
  statement: string,
  sync: boolean
): Uint8Array {
  const nameBytes = Buffer.byteLength(statement)
  const lengths = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)))
  // Portal '' and the statement's name as C strings; format codes; values; result formats.
  let bind = 4 + 1 + nameBytes + 1 + 2 + 2 * values.length + 2 + 2
  for (const length of lengths) bind += 4 + Math.max(length, 0)
  const tail = DESCRIBE_EXECUTE.length + (sync ? SYNC.length : 0)
  const out = Buffer.allocUnsafe(1 + bind + tail)
  let at = out.writeUInt8(66, 0) // 'B'
  at = out.writeInt32BE(bind, at)
  at = out.writeUInt8(0, at) // the unnamed portal
  at += out.write(statement, at, 'utf8')
  at = out.writeUInt8(0, at)
  at = out.writeUInt16BE(values.length, at)
  for (let i = 0; i < values.length; i++) at = out.writeInt16BE(0, at) // text
  at = out.writeUInt16BE(values.length, at)
  for (let i = 0; i < values.length; i++) {
    at = out.writeInt32BE(lengths[i], at)
    const value = values[i]
    if (value !== null) at += out.write(value, at, 'utf8')
  }
  at = out.writeInt16BE(0, at) // no result format codes: all text
  out.set(DESCRIBE_EXECUTE, at)
  if (sync) out.set(SYNC, at + DESCRIBE_EXECUTE.length)
  return out
}
