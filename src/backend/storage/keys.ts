// Object keys arrive partly encoded (storage-js does not escape them; fetch encodes spaces
// and non-ASCII) and must never name a file outside the
// storage folder. Keys are decoded one segment at a time and refused (InvalidKey) when a
// segment is empty, `.` or `..` (also as %2e%2e), holds a slash or backslash (also %2f, %5c),
// NUL or another control character. On disk each segment is re-encoded so that any key is a
// safe file name on every OS (no leading dots, no Windows device names or reserved characters).

import { invalidKey } from './errors'

const MAX_KEY_LENGTH = 1024
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** Turns raw (still percent-encoded) path segments into the object key, or throws InvalidKey. */
export function parseObjectKey(rawSegments: string[]): string {
  const shown = rawSegments.join('/')
  if (rawSegments.length === 0) throw invalidKey(shown)
  const decoded = rawSegments.map((raw) => {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      throw invalidKey(shown)
    }
    if (segment.trim() === '' || segment === '.' || segment === '..') throw invalidKey(shown)
    if (/[/\\]/.test(segment) || CONTROL.test(segment)) throw invalidKey(shown)
    return segment
  })
  const key = decoded.join('/')
  if (key.length > MAX_KEY_LENGTH) throw invalidKey(shown)
  return key
}

/** Segments of a key read back from the database; null when it could not have come from us. */
export function storedKeySegments(key: string): string[] | null {
  const segments = key.split('/')
  const ok = segments.every(
    (s) => s.trim() !== '' && s !== '.' && s !== '..' && !s.includes('\\') && !CONTROL.test(s)
  )
  return ok && key.length <= MAX_KEY_LENGTH ? segments : null
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i
const hex = (char: string): string =>
  [...Buffer.from(char, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('')

/** A file-name-safe, reversible spelling of one key segment (or a bucket id). */
export function diskName(segment: string): string {
  let name = ''
  for (const char of segment) name += /[A-Za-z0-9._-]/.test(char) ? char : hex(char)
  // A leading dot would hide the file and could collide with our staging folder; a trailing
  // dot is dropped by Windows; device names are reserved there.
  if (name.startsWith('.')) name = `%2E${name.slice(1)}`
  if (name.endsWith('.')) name = `${name.slice(0, -1)}%2E`
  if (WINDOWS_DEVICE.test(name)) name = `${hex(name[0])}${name.slice(1)}`
  return name
}
