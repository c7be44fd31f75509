// The data layer's failure sentences are one table (@shared/data/failure's FAILED), which the
// renderer's catalogs say in every language: a sentence written anywhere else in the data layer,
// or in the renderer's services over it, would reach the person in English.

import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAILED, failure } from '../../../src/shared/data/failure'
import { MESSAGES } from '../../../src/shared/messages'
import { sourceFiles } from '../../../scripts/lib/import-graph'

const root = resolve(__dirname, '../../..')
const TABLE = resolve(root, 'src/shared/data/failure.ts')
const SWEPT = ['src/shared/data', 'src/renderer/src/services'].map((dir) => resolve(root, dir))

/** A string literal that opens as a failure does ("Couldn't …", `Failed to ${…}`). */
const FAILURE_LITERAL = /(['"`])(Couldn't|Could not|Can't|Failed to|Unable to)\b[^'"`]*\1?/g

/** The literals outside comments and console lines (a log line is for developers). */
function failureLiterals(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && !/console\.\w+\(/.test(line))
    .flatMap((line) => line.match(FAILURE_LITERAL) ?? [])
}

describe('the data layer failure sentences', () => {
  it('are written nowhere but in the table', () => {
    const files = SWEPT.flatMap((dir) => sourceFiles(dir)).filter((file) => file !== TABLE)
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
