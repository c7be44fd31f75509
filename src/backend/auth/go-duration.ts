// GoTrue reads `ban_duration` with Go's time.ParseDuration ("24h", "1h30m", "90s", "none"), and
// its refusals quote Go's own error text, so this parses the same grammar with the same words.

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000
}

export class GoDurationError extends Error {}

/** Milliseconds, or throws with Go's message (`time: invalid duration "x"`). */
export function parseGoDuration(text: string): number {
  const quoted = JSON.stringify(text)
  const invalid = (): GoDurationError => new GoDurationError(`time: invalid duration ${quoted}`)
  let rest = text
  let sign = 1
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1
    rest = rest.slice(1)
  }
  if (rest === '0') return 0
  if (rest === '') throw invalid()
  let total = 0
  while (rest !== '') {
    const number = /^(\d*)(\.\d*)?/.exec(rest)
    const digits = number ? number[0] : ''
    if (digits === '' || digits === '.') throw invalid()
    rest = rest.slice(digits.length)
    const unit = /^[^\d.]+/.exec(rest)?.[0] ?? ''
    if (unit === '') throw new GoDurationError(`time: missing unit in duration ${quoted}`)
    const scale = UNIT_MS[unit]
    if (scale === undefined) {
      throw new GoDurationError(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`)
    }
    rest = rest.slice(unit.length)
    total += Number(digits) * scale
  }
  return sign * total
}
