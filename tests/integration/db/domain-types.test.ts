// src/shared/domain.ts is written by hand; this holds its row types to the live schema. For each
// type the TypeScript compiler reads its fields (inherited ones included), and the database
// reads the table's columns or the rpc's result columns: every field must be a column (or be
// named as an embed or a computed field), every column a field (or be named as left out), with
// the same broad type, and a field may hold null exactly when its column is nullable (rpc
// results carry no nullability, so only names and types are checked there).

import { resolve } from 'node:path'
import ts from 'typescript'
import { beforeAll, expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import { describeEachDatabase } from '../../support/database-suite'

const DOMAIN_FILE = resolve(__dirname, '../../../src/shared/domain.ts')

type BroadType = 'string' | 'number' | 'boolean' | 'json'

interface RowType {
  /** The interface in domain.ts. */
  type: string
  /** A table in public, or a function in public whose result it is. */
  table?: string
  rpc?: string
  /** Columns the type deliberately does not carry. */
  omitted?: string[]
  /** Fields that are not columns: embedded resources and values computed by the client. */
  notColumns?: string[]
}

const ROW_TYPES: RowType[] = [
  { type: 'Profile', table: 'profiles', omitted: ['search_name'] },
  {
    type: 'PersonSummary',
    table: 'profiles',
    omitted: [
      'bio',
      'created_at',
      'following_count',
      'posts_count',
      'search_name',
      'is_private',
      'suspended_at',
      'manually_approve_tags'
    ]
  },
  {
    type: 'Post',
    table: 'posts',
    // The posts policy's own bookkeeping (migration 20261127150200); the app never reads it.
    omitted: ['author_restricted'],
    // `followed_tag` and `seen` are computed fields (public.followed_tag(posts), public.seen(posts))
    // the Following feed selects.
    notColumns: ['profiles', 'post_images', 'followed_tag', 'seen']
  },
  { type: 'PostImage', table: 'post_images' },
  { type: 'Place', table: 'places' },
  { type: 'PlaceSummary', rpc: 'place_summary' },
  // `hidden` is a computed field (public.hidden(comments), migration 20261129110200).
  { type: 'Comment', table: 'comments', notColumns: ['profiles', 'hidden'] },
  { type: 'LiveStory', table: 'stories', notColumns: ['seen', 'profiles'] },
  { type: 'StoryViewer', table: 'story_views', omitted: ['story_id'], notColumns: ['profiles'] },
  { type: 'Notification', table: 'notifications' },
  { type: 'PeopleTag', table: 'post_people_tags', notColumns: ['profiles'] },
  { type: 'StoryStripEntry', rpc: 'story_strip' },
  { type: 'StoryHighlight', rpc: 'profile_highlights' },
  { type: 'SaveCollection', rpc: 'saved_collections' },
  { type: 'ActivityGroup', rpc: 'activity_page' },
  {
    type: 'SuggestedPerson',
    rpc: 'suggested_profiles',
    omitted: ['bio', 'following_count', 'last_post_at']
  },
  { type: 'Connection', rpc: 'profile_connections', omitted: ['bio', 'following_count'] }
]

interface Field {
  broad: BroadType | 'other'
  nullable: boolean
}

interface Column {
  broad: BroadType | 'other'
  /** Unknown (null) for an rpc's result columns. */
  nullable: boolean | null
}

/** The Postgres types each broad TypeScript type stands for, as PostgREST sends them in JSON. */
function broadColumnType(pgType: string): BroadType | 'other' {
  if (/^(uuid|text|character varying.*|timestamp.*|date)$/.test(pgType)) return 'string'
  if (/^(smallint|integer|double precision|real)$/.test(pgType)) return 'number'
  if (pgType === 'boolean') return 'boolean'
  if (/^jsonb?$/.test(pgType)) return 'json'
  return 'other'
}

function broadFieldType(checker: ts.TypeChecker, type: ts.Type): BroadType | 'other' {
  const parts = (type.isUnion() ? type.types : [type]).filter(
    (part) => !(part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))
  )
  const all = (flags: ts.TypeFlags): boolean => parts.every((part) => part.flags & flags)
  if (all(ts.TypeFlags.StringLike)) return 'string'
  if (all(ts.TypeFlags.NumberLike)) return 'number'
  if (all(ts.TypeFlags.BooleanLike)) return 'boolean'
  if (parts.every((part) => part.flags & ts.TypeFlags.Object || checker.isArrayType(part)))
    return 'json'
  return 'other'
}

/** Every interface's fields in domain.ts, as the compiler sees them. */
function readDomainFields(): Map<string, Map<string, Field>> {
  const program = ts.createProgram([DOMAIN_FILE], { strict: true, noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(DOMAIN_FILE)
  if (!source) throw new Error(`cannot read ${DOMAIN_FILE}`)
  const types = new Map<string, Map<string, Field>>()
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return
    const fields = new Map<string, Field>()
    for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(node))) {
      const type = checker.getTypeOfSymbolAtLocation(property, node)
      const nullable = type.isUnion() && type.types.some((part) => part.flags & ts.TypeFlags.Null)
      fields.set(property.name, { broad: broadFieldType(checker, type), nullable })
    }
    types.set(node.name.text, fields)
  })
  return types
}

async function readColumns(db: Queryable, row: RowType): Promise<Map<string, Column>> {
  const { rows } = row.table
    ? await db.query<{ name: string; type: string; nullable: boolean | null }>(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
                not a.attnotnull as nullable
         from pg_attribute a
         where a.attrelid = format('public.%I', $1::text)::regclass
           and a.attnum > 0 and not a.attisdropped`,
        [row.table]
      )
    : await db.query<{ name: string; type: string; nullable: boolean | null }>(
        `select a.name, format_type(a.type, null) as type, null::boolean as nullable
         from pg_proc p
         cross join lateral unnest(p.proargnames, p.proallargtypes::oid[], p.proargmodes)
           as a(name, type, mode)
         where p.pronamespace = 'public'::regnamespace and p.proname = $1 and a.mode = 't'`,
        [row.rpc]
      )
  if (rows.length === 0) throw new Error(`public.${row.table ?? row.rpc} has no columns`)
  return new Map(
    rows.map((r) => [r.name, { broad: broadColumnType(r.type), nullable: r.nullable }])
  )
}

/** What is wrong with one row type, one sentence per field. */
function mismatches(
  row: RowType,
  fields: Map<string, Field>,
  columns: Map<string, Column>
): string[] {
  const source = row.table ? `column public.${row.table}` : `result column of ${row.rpc}()`
  const problems: string[] = []
  for (const [name, field] of fields) {
    if (row.notColumns?.includes(name)) continue
    const column = columns.get(name)
    if (!column) {
      problems.push(`${row.type}.${name} is no ${source}.${name}`)
      continue
    }
    if (field.broad !== column.broad) {
      problems.push(
        `${row.type}.${name} is a ${field.broad}; ${source}.${name} is a ${column.broad}`
      )
    }
    if (column.nullable !== null && field.nullable !== column.nullable) {
      problems.push(
        `${row.type}.${name} ${field.nullable ? 'allows' : 'lacks'} null; ` +
          `${source}.${name} is ${column.nullable ? 'nullable' : 'not null'}`
      )
    }
  }
  for (const name of columns.keys()) {
    if (!fields.has(name) && !row.omitted?.includes(name)) {
      problems.push(`${row.type} lacks ${source}.${name}`)
    }
  }
  for (const name of row.omitted ?? []) {
    if (!columns.has(name)) problems.push(`${row.type} omits ${name}, which ${source} lacks`)
  }
  return problems
}

let domain: Map<string, Map<string, Field>>

beforeAll(() => {
  domain = readDomainFields()
})

describeEachDatabase('domain.ts row types', (suite) => {
  it.each(ROW_TYPES.map((row) => [row.type, row] as const))(
    '%s matches the schema',
    async (_name, row) => {
      const fields = domain.get(row.type)
      expect(fields, `domain.ts has no interface ${row.type}`).toBeDefined()
      const columns = await readColumns(suite.db, row)
      expect(mismatches(row, fields ?? new Map(), columns)).toEqual([])
    }
  )

  it('reads fields as the compiler types them, inherited ones included', () => {
    expect(domain.get('Post')?.get('caption')).toEqual({ broad: 'string', nullable: true })
    expect(domain.get('Post')?.get('likes_count')).toEqual({ broad: 'number', nullable: false })
    expect(domain.get('Notification')?.get('type')).toEqual({ broad: 'string', nullable: false })
    expect(domain.get('Connection')?.get('username')).toEqual({ broad: 'string', nullable: false })
    expect(domain.get('ActivityGroup')?.get('actors')).toEqual({ broad: 'json', nullable: false })
  })

  it('names a wrong type, a wrong nullability and a missing column', () => {
    const row: RowType = { type: 'Example', table: 'examples' }
    const fields = new Map<string, Field>([
      ['id', { broad: 'number', nullable: false }],
      ['caption', { broad: 'string', nullable: false }]
    ])
    const columns = new Map<string, Column>([
      ['id', { broad: 'string', nullable: false }],
      ['caption', { broad: 'string', nullable: true }],
      ['created_at', { broad: 'string', nullable: false }]
    ])
    expect(mismatches(row, fields, columns)).toEqual([
      'Example.id is a number; column public.examples.id is a string',
      'Example.caption lacks null; column public.examples.caption is nullable',
      'Example lacks column public.examples.created_at'
    ])
  })
})
