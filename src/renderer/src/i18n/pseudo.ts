// The pseudo-locale: every English string accented and about 40 % longer (vowels doubled, in
// brackets), so a screen rendered in it shows at a glance, and to a test, which text skipped the
// catalog (plain ASCII words) and which layouts break on long words. Built from the English
// catalog, so it never falls out of step with it.

import type { Catalog } from './catalog'

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]
  ])
)
const VOWELS = new Set([...'aeiouyAEIOUY'])

// Placeholders ({{count}}) and $t() nestings pass through untouched.
const UNTOUCHED = /(\{\{[^}]*\}\}|\$t\([^)]*\))/

export function pseudoString(english: string): string {
  const parts = english.split(UNTOUCHED).map((part, index) =>
    index % 2 === 1
      ? part
      : [...part]
          .map((char) => {
            const accented = ACCENTED[char] ?? char
            return VOWELS.has(char) ? accented + accented : accented
          })
          .join('')
  )
  return `⟦${parts.join('')}⟧`
}

export function pseudoCatalog(english: Catalog): Catalog {
  const result: Catalog = {}
  for (const [key, value] of Object.entries(english)) {
    result[key] = typeof value === 'string' ? pseudoString(value) : pseudoCatalog(value)
  }
  return result
}
