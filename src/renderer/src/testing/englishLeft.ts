// What a screen rendered in the pseudo-locale still shows in plain English. Every catalog string
// comes out accented and in ⟦brackets⟧, so what is left of ASCII words can only be the fixtures'
// own data (names, captions) or a string someone wrote into a component.

import { afterAll, beforeAll } from 'vitest'
import { BRAND_NAME } from '../brand'
import { applyLanguage, PSEUDO_LANGUAGE } from '../i18n'
import { createStories, createSuggestions } from '../services/sampleData'
import { PROFILE } from './factories'

/** The fixtures' own words, which are data and stay as they are in every language: names and
 * their initials, captions, the sample people a visitor sees. */
const DATA = [
  BRAND_NAME,
  BRAND_NAME.toUpperCase(),
  PROFILE.username,
  PROFILE.full_name,
  PROFILE.bio!
]
  .concat(['star', 'Star', 'ST', 'sam', 'SA', 'JD', 'Golden hour', 'Nice one'])
  .concat([
    'ann',
    'Ann',
    'AN',
    'ben',
    'Trip',
    'Beach day',
    'Hello there',
    'sunset',
    'ana',
    'bob',
    'BO'
  ])
  .concat(createSuggestions().flatMap((person) => [person.username, person.fullName]))
  .concat(createStories().map((story) => story.user.username))
  .filter((text): text is string => Boolean(text))
  .sort((a, b) => b.length - a.length)

/** The words Intl itself puts between a list's items ("ana and bob"): the pseudo-locale formats
 * as English, and Intl's words, like its dates, are not catalog text. Whole words only. */
const INTL_LIST_WORDS = new RegExp(
  `\\b(${new Intl.ListFormat('en')
    .formatToParts(['x', 'y', 'z'])
    .flatMap((part) => (part.type === 'literal' ? (part.value.match(/[A-Za-z]+/g) ?? []) : []))
    .join('|')})\\b`,
  'g'
)

/** Elements with their own `lang` (a language named in itself) and Intl's dates in `<time>` are
 * not catalog text. */
function skipped(element: Element): boolean {
  return element.closest('body [lang]') !== null || element.tagName === 'TIME'
}

/** What a person sees or hears: text, and the labels, placeholders and titles of elements. */
function shownStrings(root: HTMLElement): string[] {
  const strings: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement
    if (parent && !skipped(parent)) strings.push(walker.currentNode.textContent ?? '')
  }
  for (const element of root.querySelectorAll('*')) {
    if (skipped(element)) continue
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name)
      if (value) strings.push(value)
    }
  }
  return strings
}

/** Every English word left on screen once the catalog's (bracketed) text and the data (the
 * fixtures' and a test's own `data`: emails, codes, words it muted) are out. */
export function englishLeft(root: HTMLElement = document.body, data: string[] = []): string[] {
  const words: string[] = []
  const known = [...data, ...DATA].sort((a, b) => b.length - a.length)
  for (const text of shownStrings(root)) {
    let rest = text.replace(/⟦[^⟧]*⟧/g, ' ')
    for (const item of known) rest = rest.split(item).join(' ')
    rest = rest.replace(INTL_LIST_WORDS, ' ')
    words.push(...(rest.match(/[A-Za-z]{2,}/g) ?? []).map((word) => `${word} (in "${text}")`))
  }
  return words
}

/** Renders the file's screens in the pseudo-locale, and goes back to English after. */
export function inPseudoLocale(): void {
  beforeAll(() => applyLanguage(PSEUDO_LANGUAGE))
  afterAll(() => applyLanguage('en'))
}
