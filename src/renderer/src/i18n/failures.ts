// The data layer's failure and refusal sentences (@shared/data/failure's FAILED, refusal's
// REFUSED) found back in an Error's message, which is all that crosses IPC and the stores: each
// sentence is a pattern whose slots ({{reason}}, {{tag}}, {{max}}…) catch what was filled in, and
// the catalog says it as `failures.<key>` or `refusals.<key>` with those values, the reason itself
// translated when it is words of the app's own.

import { FAILED, FAILURE_REASONS, REFUSED } from '../services/rules'
import { phrase, type Phrase, type Text } from './phrase'

const SLOT = /\{\{(\w+)\}\}/g

/** `Couldn't load #{{tag}}: {{reason}}` as /^Couldn't load #(?<tag>.+?): (?<reason>[\s\S]*)$/. */
function patternOf(sentence: string): RegExp {
  const parts = sentence.split(SLOT)
  const source = parts
    .map((part, index) =>
      index % 2 === 0
        ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        : `(?<${part}>${part === 'reason' ? '[\\s\\S]*' : '.+?'})`
    )
    .join('')
  return new RegExp(`^${source}$`)
}

const patternsOf = (table: Record<string, string>, area: string): [string, RegExp][] =>
  Object.entries(table).map(([key, sentence]) => [`${area}.${key}`, patternOf(sentence)])

const PATTERNS: readonly (readonly [string, RegExp])[] = [
  ...patternsOf(FAILED, 'failures'),
  ...patternsOf(REFUSED, 'refusals')
]

const REASON_KEYS: ReadonlyMap<string, string> = new Map(
  Object.entries(FAILURE_REASONS).map(([key, reason]) => [reason, `failures.reasons.${key}`])
)

/**
 * The phrase of a data-layer failure or refusal, or null when `text` is none. `reasonText` turns the
 * server's (or the app's) reason into a phrase when the catalog knows it.
 */
export function failurePhrase(text: string, reasonText: (reason: string) => Text): Phrase | null {
  for (const [key, pattern] of PATTERNS) {
    const match = pattern.exec(text)
    if (!match) continue
    if (!match.groups) return phrase(key as Phrase['key'])
    const values: Record<string, Text> = { ...match.groups }
    const { reason } = match.groups
    if (reason !== undefined) {
      const own = REASON_KEYS.get(reason)
      values.reason = own ? phrase(own as Phrase['key']) : reasonText(reason)
    }
    return phrase(key as Phrase['key'], values)
  }
  return null
}
