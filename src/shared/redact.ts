// Secrets never reach a log. Everything logged passes through `redact` first: values under a
// secret-sounding key are replaced whatever their shape, and strings are scanned for the forms a
// secret takes when it is not under such a key (a JWT, a Bearer header, `password=` in a query or
// a form body), so an error message that quotes a request is as safe as a structured object.

export const REDACTED = '[redacted]'

/** Keys compared without case, `-` or `_`: access_token, refreshToken, Authorization, apikey… */
const SECRET_KEYS = new Set([
  'accesstoken',
  'refreshtoken',
  'providertoken',
  'providerrefreshtoken',
  'token',
  'idtoken',
  'password',
  'newpassword',
  'currentpassword',
  'apikey',
  'anonkey',
  'servicerolekey',
  'authorization',
  'cookie',
  'setcookie',
  'secret',
  'jwtsecret',
  'session'
])

const normaliseKey = (key: string): string => key.toLowerCase().replace(/[-_]/g, '')

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normaliseKey(key))
}

const STRING_PATTERNS: readonly [RegExp, string][] = [
  // A JWT: three base64url parts, the first two starting with `eyJ` ('{"' encoded).
  [/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g, REDACTED],
  // Authorization header values quoted in messages.
  [/\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi, `$1 ${REDACTED}`],
  // key=value in URLs and form bodies, and "key": "value" in JSON text.
  [
    /\b(access_token|refresh_token|provider_token|token|password|apikey|api_key|secret)=[^&\s"']*/gi,
    `$1=${REDACTED}`
  ],
  [
    /"(access_token|refresh_token|provider_token|token|password|apikey|authorization|secret)"\s*:\s*"(?:[^"\\]|\\.)*"/gi,
    `"$1":"${REDACTED}"`
  ]
]

export function redactString(text: string): string {
  return STRING_PATTERNS.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text
  )
}

const MAX_DEPTH = 8

/** A copy of `value` that is safe to log; the original is not touched. */
export function redact(value: unknown): unknown {
  return redactValue(value, 0, new WeakSet())
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value)
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return '[circular]'
  if (depth >= MAX_DEPTH) return '[nested too deep]'
  seen.add(value)
  if (value instanceof Error) {
    const copy = new Error(redactString(value.message))
    copy.name = value.name
    copy.stack = value.stack === undefined ? undefined : redactString(value.stack)
    return copy
  }
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen))
  // Headers, Map and other iterables of pairs (fetch's Headers is not a plain object).
  if (value instanceof Map || isHeadersLike(value)) {
    const entries = [...(value as Iterable<[unknown, unknown]>)]
    return Object.fromEntries(
      entries.map(([key, item]) => [
        String(key),
        isSecretKey(String(key)) ? REDACTED : redactValue(item, depth + 1, seen)
      ])
    )
  }
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    result[key] = isSecretKey(key) && item != null ? REDACTED : redactValue(item, depth + 1, seen)
  }
  return result
}

function isHeadersLike(value: object): boolean {
  return (
    typeof (value as { entries?: unknown }).entries === 'function' &&
    typeof (value as { get?: unknown }).get === 'function' &&
    typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function'
  )
}
