// src/backend is a Supabase emulation: it may name Supabase's schemas (auth, storage, realtime)
// and nothing of this app. Every name the app's migrations give (their schemas, the tables,
// views, types and functions in them and in public, their NOTIFY channels and settings) must be
// absent from the backend's code; comments may still use the app as an example.

import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const BACKEND = join(ROOT, 'src/backend')
const MIGRATIONS = join(ROOT, 'supabase/migrations')

/** Words the app also uses as names that belong to PostgreSQL: its NOTIFY, which PGlite relays. */
const POSTGRES_WORDS = ['notify']

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The source without its comments; strings and template literals are kept. */
export function withoutComments(source: string): string {
  let out = ''
  for (let i = 0; i < source.length;) {
    const two = source.slice(i, i + 2)
    const char = source[i]
    if (two === '//') {
      while (i < source.length && source[i] !== '\n') i++
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2)
      i = end < 0 ? source.length : end + 2
    } else if (char === "'" || char === '"' || char === '`') {
      let j = i + 1
      while (j < source.length && source[j] !== char) j += source[j] === '\\' ? 2 : 1
      const literal = source.slice(i, j + 1)
      // SQL in a template literal keeps its `--` comments out too.
      out += char === '`' ? literal.replace(/--[^\n`]*/g, '') : literal
      i = j + 1
    } else if (char === '/' && /[=(,:!&|?;{}[\n]\s*$/.test(out.slice(-20))) {
      // A regular expression literal: copied whole, so a `//` inside it is not a comment.
      let j = i + 1
      let inClass = false
      while (j < source.length && (source[j] !== '/' || inClass) && source[j] !== '\n') {
        if (source[j] === '\\') j++
        else if (source[j] === '[') inClass = true
        else if (source[j] === ']') inClass = false
        j++
      }
      out += source.slice(i, j + 1)
      i = j + 1
    } else {
      out += char
      i++
    }
  }
  return out
}

/** Every name the app's migrations and schema give, which the backend must not use. */
function appNames(): string[] {
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => readFileSync(join(MIGRATIONS, name), 'utf8'))
    .join('\n')
  const schemas = [...migrations.matchAll(/create schema (?:if not exists )?([a-z_]+)/gi)].map(
    (m) => m[1].toLowerCase()
  )
  const owned = ['public', ...schemas].join('|')
  const schema = readFileSync(join(ROOT, 'supabase/schema.sql'), 'utf8')
  const objects = [
    ...schema.matchAll(
      new RegExp(
        `create (?:or replace )?(?:table|view|materialized view|sequence|type|function) (?:${owned})\\.([a-z_0-9]+)`,
        'gi'
      )
    )
  ].map((m) => m[1])
  const channels = [...migrations.matchAll(/pg_notify\(\s*'([^']+)'/gi)].map((m) => m[1])
  // Custom settings (`x.y`) other than Supabase's request.* ones.
  const settings = [...migrations.matchAll(/(?:current_setting|set_config)\(\s*'([^']+)'/gi)]
    .map((m) => m[1])
    .filter((name) => name.includes('.') && !name.startsWith('request.'))
  return [...new Set([...schemas, ...objects, ...channels, ...settings])]
    .filter((name) => !POSTGRES_WORDS.includes(name))
    .sort()
}

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** For each backend file (relative to src/backend), the app names its code uses. */
function namesInBackend(names: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {}
  for (const file of files(BACKEND)) {
    const code = withoutComments(readFileSync(file, 'utf8'))
    const used = names.filter((name) =>
      new RegExp(`(?<![A-Za-z0-9_$])${escape(name)}(?![A-Za-z0-9_])`).test(code)
    )
    if (used.length > 0) found[relative(BACKEND, file)] = used
  }
  return found
}

describe('src/backend names nothing of the app', () => {
  const names = appNames()

  it('reads the app’s names from its migrations and schema', () => {
    // The scan is only as good as its list: it must hold the app's own schemas and tables.
    expect(names).toEqual(
      expect.arrayContaining(['app_rules', 'app_private', 'posts', 'blocks', 'feed_page'])
    )
    expect(names).toEqual(expect.arrayContaining(['app_rules.second_factor']))
  })

  it('strips comments but keeps strings, template literals and regular expressions', () => {
    const code = withoutComments(
      "a('x // y') // posts\n/* blocks */ b(`c /* d */ -- posts\n`, /e\\/\\/[/]f/g) // z"
    )
    expect(code).toBe("a('x // y') \n b(`c /* d */ \n`, /e\\/\\/[/]f/g) ")
  })

  it('finds none of them in the backend’s code', () => {
    expect(namesInBackend(names)).toEqual({})
  })
})
