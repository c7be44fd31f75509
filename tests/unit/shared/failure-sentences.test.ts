// The data layer's failure sentences are one table (@shared/data/failure's FAILED), its refusals
// another (refusal's REFUSED), which the renderer's catalogs say in every language: a sentence
// written anywhere else in the data layer, or in the renderer's services over it, would reach the
// person in English unless the catalog already says it.

import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAILED, failure } from '../../../src/shared/data/failure'
import { REFUSED, refused } from '../../../src/shared/data/refusal'
import en from '../../../src/renderer/src/i18n/locales/en.json'
import { MESSAGES } from '../../../src/shared/messages'
import { sourceFiles } from '../../../scripts/lib/import-graph'

const root = resolve(__dirname, '../../..')
const TABLES = ['failure.ts', 'refusal.ts'].map((file) => resolve(root, 'src/shared/data', file))
const SWEPT = ['src/shared/data', 'src/renderer/src/services'].map((dir) => resolve(root, dir))

/** A string literal that opens as a failure does ("Couldn't …", `Failed to ${…}`). */
const FAILURE_LITERAL = /(['"`])(Couldn't|Could not|Can't|Failed to|Unable to)\b[^'"`]*\1?/g

/** A string literal of two words or more that opens with a capital, as a sentence does. */
const SENTENCE_LITERAL = /'[A-Z][^'\n]* [^'\n]*'|"[A-Z][^"\n]* [^"\n]*"|`[A-Z][^`\n]* [^`\n]*`/g

/** Words no person reads as the app's: said to developers only, should a caller break its
 * contract; a header's value; a name the app gives a person's authenticator, theirs to rename. */
const NOT_SAID = [
  /^The new row id must be a uuid$/,
  /^The Supabase client has no API key$/,
  /^Bearer \$\{/,
  /^Authenticator app \$\{/
]

/** The sample feed's people and captions stand for what people write, not for the app's words. */
const SAMPLE_CONTENT = resolve(root, 'src/renderer/src/services/sampleData.ts')

/** The lines outside comments and console lines (a log line is for developers). */
function codeLines(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && !/console\.\w+\(/.test(line))
}

function failureLiterals(source: string): string[] {
  return codeLines(source).flatMap((line) => line.match(FAILURE_LITERAL) ?? [])
}

/** A sentence with its slots (`${…}`, `{{…}}`) and numbers as one mark, to match the catalog's
 * English (which may write a limit's number out). */
const shape = (text: string): string => text.replace(/\$\{[^}]*\}|\{\{\w+\}\}|\d[\d,]*/g, '…')

function englishOf(catalog: object): string[] {
  return Object.values(catalog).flatMap((value) =>
    typeof value === 'string' ? [shape(value)] : englishOf(value as object)
  )
}

/** What the catalog says elsewhere than the tables' sections: a table's sentence written
 * outside the table is one the table no longer holds alone. */
const { failures: _failures, refusals: _refusals, ...elsewhere } = en
const CATALOGUED = new Set(englishOf(elsewhere))

/** Sentence literals neither in a catalog nor said to developers only. */
function sentencesOutside(source: string): string[] {
  return codeLines(source)
    .flatMap((line) => line.match(SENTENCE_LITERAL) ?? [])
    .map((literal) => literal.slice(1, -1))
    .filter((text) => !CATALOGUED.has(shape(text)) && !NOT_SAID.some((said) => said.test(text)))
}

const swept = (): string[] =>
  SWEPT.flatMap((dir) => sourceFiles(dir)).filter((file) => !TABLES.includes(file))

describe('the data layer failure sentences', () => {
  it('are written nowhere but in the table', () => {
    const files = swept()
    expect(files.length).toBeGreaterThan(50)
    const outside = files.flatMap((file) =>
      failureLiterals(readFileSync(file, 'utf8')).map((text) => `${relative(root, file)}: ${text}`)
    )
    expect(outside).toEqual([])
  })

  it('catches a sentence written beside the table', () => {
    expect(failureLiterals(`throw new Error(\`Couldn't load #\${tag}: \${reason}\`)`)).toHaveLength(
      1
    )
    expect(
      failureLiterals(`  if (error) throw queryError("Could not read it", error)`)
    ).toHaveLength(1)
    expect(failureLiterals(`  console.error('Could not remove the photos', paths)`)).toEqual([])
  })

  it('leaves no sentence a person sees outside the tables and the catalog', () => {
    const outside = swept()
      .filter((file) => file !== SAMPLE_CONTENT)
      .flatMap((file) =>
        sentencesOutside(readFileSync(file, 'utf8')).map(
          (text) => `${relative(root, file)}: ${text}`
        )
      )
    expect(outside).toEqual([])
  })

  it('catches a refusal put back beside the table', () => {
    expect(sentencesOutside(`  notYourself: "You can't follow yourself"`)).toEqual([
      "You can't follow yourself"
    ])
    expect(
      sentencesOutside('  bioTooLong: `Bio must be at most ${MAX_BIO_LENGTH} characters`,')
    ).toEqual(['Bio must be at most ${MAX_BIO_LENGTH} characters'])
    expect(sentencesOutside(`  gone: "This collection isn't available",`)).toEqual([])
    expect(sentencesOutside(`  throw new Error('The new row id must be a uuid')`)).toEqual([])
    expect(sentencesOutside(`  console.warn('Could not tell the person', error)`)).toEqual([])
  })

  it('fills in a refusal’s numbers', () => {
    expect(refused('highlightTooManyStories', { max: 100 })).toBe(
      'A highlight can hold at most 100 stories'
    )
    expect(REFUSED.followSelf).toBe("You can't follow yourself")
  })

  it("holds the shared messages' failure sentences the data layer says with a reason", () => {
    const sentences = new Set<string>(Object.values(FAILED))
    for (const said of [
      MESSAGES.savePostFailed,
      MESSAGES.saveStoryFailed,
      MESSAGES.deleteStoryFailed,
      MESSAGES.uploadFailed
    ])
      expect(sentences.has(said('{{reason}}')), said('…')).toBe(true)
  })

  it('fills in the reason, and says "unknown error" when the server said nothing', () => {
    expect(failure('addComment', { message: 'Commenting is turned off' }).message).toBe(
      "Couldn't add your comment: Commenting is turned off"
    )
    expect(failure('loadHashtag', {}, { tag: 'sunset' }).message).toBe(
      "Couldn't load #sunset: unknown error"
    )
  })
})
