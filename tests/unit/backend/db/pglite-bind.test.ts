// The messages that run a parsed statement (src/backend/db/pglite-bind.ts) are written by hand
// for speed: they must be byte for byte what PGlite's own serializer sends.
import { protocol } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { runMessages } from '../../../../src/backend/db/pglite-bind'

const { serialize } = protocol

function pgliteBytes(values: (string | null)[], statement: string, sync: boolean): Buffer {
  return Buffer.concat([
    serialize.bind({ statement, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    ...(sync ? [serialize.sync()] : [])
  ])
}

describe('runMessages', () => {
  const cases: [string, (string | null)[], string, boolean][] = [
    ['no parameters, the unnamed statement, with Sync', [], '', true],
    [
      'nulls, empty and multi-byte text, a named statement, no Sync',
      ['1', null, '', 'héllo ✓ 😀'],
      's_12',
      false
    ],
    ['a long value', ['x'.repeat(70_000)], 'stmt_ü', true]
  ]
  for (const [name, values, statement, sync] of cases) {
    it(name, () => {
      expect(Buffer.from(runMessages(values, statement, sync))).toEqual(
        pgliteBytes(values, statement, sync)
      )
    })
  }
})
