// The two upload fields that come back as response headers when the object is read: the
// content type and Cache-Control. A value with CR/LF or other junk would be stored and then
// make every read of the object fail (node:http refuses to send such a header), so both are
// checked here, when the client can still be told.

import type { ApiRequest } from '../http/types'
import { invalidMimeType, invalidRequest, type StorageError } from './errors'

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+"
/** `type/subtype` with optional `; name=value` parameters (RFC 9110 media-type). */
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))*$`
)
/** Cache-Control directives: tokens, `name=value`, quoted strings, separated by commas. */
const CACHE_CONTROL = new RegExp(
  `^\\s*${TOKEN}(=(${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))?(\\s*,\\s*${TOKEN}(=(${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))?)*\\s*$`
)
const MAX_FIELD_LENGTH = 256

function refuse(make: (message: string) => StorageError, what: string, value: string): never {
  const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)
  throw make(`${what} ${shown} is not valid`)
}

/** The declared content type, or a 415 when it is not a media type. */
export function checkedMimeType(value: string): string {
  if (value.length > MAX_FIELD_LENGTH || !MEDIA_TYPE.test(value)) {
    refuse(invalidMimeType, 'The content type', value)
  }
  return value
}

/**
 * storage-js sends cacheControl as a number of seconds ("3600"), which Storage stores as
 * `max-age=3600`; anything else in that field is refused.
 */
export function cacheControlFromField(value: string): string {
  if (!/^\d{1,10}$/.test(value)) refuse(invalidRequest, 'cacheControl', value)
  return `max-age=${Number(value)}`
}

/** A raw upload's Cache-Control header, kept as sent when it is a directive list. */
export function checkedCacheControlHeader(value: string): string {
  if (value.length > MAX_FIELD_LENGTH || !CACHE_CONTROL.test(value)) {
    refuse(invalidRequest, 'The Cache-Control header', value)
  }
  return value.trim()
}

/** The `x-upsert` header: whether a write may replace an object already there. */
export const upsertHeader = (request: ApiRequest): boolean =>
  (request.headers['x-upsert'] ?? '').toLowerCase() === 'true'
