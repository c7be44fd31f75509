// Every language says everything English says: the same keys (plural forms as each language's
// Intl.PluralRules has them), the same placeholders and markup, and English's shared messages
// word for word as @shared/messages has them, every one of them.

import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { MESSAGES } from '@shared/messages'
import { ACCOUNT_FAILED } from '../services/rules'
import type { Catalog } from './catalog'
import ar from './locales/ar.json'
import de from './locales/de.json'
import en from './locales/en.json'
import es from './locales/es.json'
import ja from './locales/ja.json'
import { pseudoCatalog } from './pseudo'

const PLURAL = /_(zero|one|two|few|many|other)$/

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>()
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') entries.set(prefix + key, value)
    else for (const entry of flatten(value, `${prefix}${key}.`)) entries.set(...entry)
  }
  return entries
}

/** Keys with their plural forms folded: `post.likes` for likes_one and likes_other. */
function baseKeys(entries: Map<string, string>): Set<string> {
  return new Set([...entries.keys()].map((key) => key.replace(PLURAL, '')))
}

/** `{{name}}` placeholders (count aside: a language may spell "one" out) and `<tag>`s. */
function slots(text: string): string[] {
  const placeholders = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1])
  const tags = [...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0])
  return [...placeholders.filter((name) => name !== 'count' && name !== 'n'), ...tags].sort()
}

const english = flatten(en)
const LANGUAGES: Record<string, Catalog> = { es, de, ja, ar }

describe('the catalogs', () => {
  it.each(Object.entries(LANGUAGES))('%s has every English key and no other', (code, catalog) => {
    const entries = flatten(catalog)
    expect([...baseKeys(entries)].sort()).toEqual([...baseKeys(english)].sort())
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories
    for (const key of baseKeys(english)) {
      if (!english.has(`${key}_other`)) continue
      for (const category of categories)
        expect(entries.has(`${key}_${category}`), `${key}_${category}`).toBe(true)
    }
  })

  it.each(Object.entries(LANGUAGES))('%s keeps the placeholders and markup', (_, catalog) => {
    for (const [key, text] of flatten(catalog)) {
      const base = key.replace(PLURAL, '')
      const source = english.get(key) ?? english.get(`${base}_other`) ?? ''
      expect(slots(text), key).toEqual(slots(source))
    }
  })

  it('says the shared messages in English exactly as @shared/messages does', () => {
    for (const [key, text] of flatten(en.messages)) {
      expect(text).toBe(MESSAGES[key as keyof typeof MESSAGES])
    }
  })

  it('says every shared message that is a sentence (not a function of its values)', () => {
    const sentences = Object.entries(MESSAGES).filter(([, text]) => typeof text === 'string')
    expect(sentences.map(([key]) => key).filter((key) => !flatten(en.messages).has(key))).toEqual(
      []
    )
  })

  it('says the auth and account failures in English exactly as the shared modules do', () => {
    for (const [key, text] of flatten(en.errors.auth)) {
      expect(text).toBe(AUTH_MESSAGES[key as keyof typeof AUTH_MESSAGES])
    }
    expect(en.errors.accountFailed).toBe(ACCOUNT_FAILED)
  })

  it('has a pseudo-locale with every key, accented and longer', () => {
    const pseudo = flatten(pseudoCatalog(en))
    expect([...pseudo.keys()]).toEqual([...english.keys()])
    const text = pseudo.get('settings.language.intro')!
    expect(text).not.toMatch(/[a-z]{3}/i)
    expect(text.length).toBeGreaterThan(english.get('settings.language.intro')!.length * 1.3)
    expect(pseudo.get('post.by')).toContain('{{username}}')
  })
})
