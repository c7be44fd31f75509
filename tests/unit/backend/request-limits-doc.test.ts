// docs/architecture.md's table of request limits is the one in src/backend/request-limits.ts:
// this test renders the table from the module and fails, printing the table to paste, when the
// document says anything else.

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DATABASE_LIMITS,
  DEFAULT_REST_LIMITS,
  LIMIT_DESCRIPTIONS
} from '../../../src/backend/request-limits'

const START = '<!-- request-limits:start (tests/unit/backend/request-limits-doc.test.ts) -->'
const END = '<!-- request-limits:end -->'

function renderTable(): string {
  const rows = Object.entries(DEFAULT_REST_LIMITS).map(
    ([name, value]) =>
      `| \`${name}\` | ${value.toLocaleString('en-US')} | ${LIMIT_DESCRIPTIONS[name as keyof typeof LIMIT_DESCRIPTIONS]} |`
  )
  rows.push(
    `| \`maxMentionsPerComment\` | ${DATABASE_LIMITS.maxMentionsPerComment} | distinct @mentions in one comment, enforced by the database (400 \`23514\`) |`
  )
  return ['| Limit | Default | Bounds |', '| --- | --- | --- |', ...rows].join('\n')
}

/** A markdown table with its cells trimmed (Prettier pads them to line up). */
function normalized(table: string): string {
  return table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim().replace(/^-+$/, '---'))
        .join('|')
    )
    .join('\n')
}

describe('docs/architecture.md request limits', () => {
  it('lists every limit with its value, as request-limits.ts sets it', () => {
    const doc = readFileSync(resolve(__dirname, '../../../docs/architecture.md'), 'utf8')
    const start = doc.indexOf(START)
    const end = doc.indexOf(END)
    expect(start, `docs/architecture.md needs the ${START} marker`).toBeGreaterThan(-1)
    expect(normalized(doc.slice(start + START.length, end))).toBe(normalized(renderTable()))
  })
})
