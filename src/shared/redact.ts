// Secrets never reach a log. Everything logged passes through `redact` first: values under a
// secret-sounding key are replaced whatever their shape, and strings are scanned for the forms a
// secret takes when it is not under such a key (a JWT, a Bearer header, and any key that names a
// password, token or secret followed by `=` or `:` in a query, a form body, JSON, escaped JSON,
// a JS object literal or prose), so an error message that quotes a request is as safe as a
// structured object. Keys are matched by the words they contain, not from a list of spellings:
// `new_password`, `refreshToken`, `X-Refresh-Token` and `passwordConfirmation` all count.

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

/** Words that make any key a secret's name, in whatever case and with whatever separators. */
const SECRET_WORDS = /password|passwd|passphrase|secret|token|cookie|authorization/
/** Names that contain such a word but hold no secret: `token_type`, `expires_at`-like times. */
const NOT_SECRET = /(type|count|expiresat|expiresin|expiry|hint)$/

export function isSecretKey(key: string): boolean {
  const name = normaliseKey(key)
  return SECRET_KEYS.has(name) || (SECRET_WORDS.test(name) && !NOT_SECRET.test(name))
}

/**
 * A secret's key and value written into text: the key bare or quoted (`password`, `"password"`,
 * `'password'`, `\"password\"` inside escaped JSON), then `=`, `:` or `%3D`, then the value
 * quoted the same ways or bare up to the next separator.
 */
const KEYED_SECRET = new RegExp(
  // Starts only where a word starts, so a long run of word characters costs linear time.
  String.raw`(?<![\w-])(\\?["']?)` +
    String.raw`([\w-]*(?:password|passwd|passphrase|secret|token|api[-_]?key|authorization|cookie)[\w-]*)\1` +
    String.raw`(\s*(?:[:=]|%3[dD])\s*)` +
    String.raw`(\\"(?:[^\\]|\\(?!"))*\\"|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s&,;}\])"'\\]+)`,
  'gi'
)

function redactKeyedSecret(
  match: string,
  quote: string,
  key: string,
  separator: string,
  value: string
): string {
  if (!isSecretKey(key)) return match
  const valueQuote = value.startsWith('\\"') ? '\\"' : /^["']/.test(value) ? value[0] : ''
  return `${quote}${key}${quote}${separator}${valueQuote}${REDACTED}${valueQuote}`
}

const STRING_PATTERNS: readonly [RegExp, string][] = [
  // A JWT: three base64url parts, the first two starting with `eyJ` ('{"' encoded).
  [/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g, REDACTED],
  // Authorization header values quoted in messages.
  [/\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi, `$1 ${REDACTED}`]
]

export function redactString(text: string): string {
  return STRING_PATTERNS.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text
  ).replace(KEYED_SECRET, redactKeyedSecret)
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
