import { describe, expect, it } from 'vitest'
import { ReadBuilder } from '../../../../src/backend/rest/build-read'
import { buildDelete, buildInsert } from '../../../../src/backend/rest/build-write'
import { RestError } from '../../../../src/backend/rest/errors'
import { parseQuery } from '../../../../src/backend/rest/parse-query'
import { planRead } from '../../../../src/backend/rest/plan'
import { DEFAULT_REST_LIMITS } from '../../../../src/backend/request-limits'
import type { Column, SchemaCache, Table } from '../../../../src/backend/rest/schema-types'
import { Aliases, Params } from '../../../../src/backend/rest/sql'

function table(name: string, columns: string[], primaryKey: string[] = ['id']): Table {
  return {
    schema: 'public',
    name,
    isView: false,
    columns: new Map(
      columns.map((c): [string, Column] => [
        c,
        { name: c, type: 'text', notNull: false, defaultExpr: null }
      ])
    ),
    primaryKey,
    uniqueKeys: [primaryKey]
  }
}

const posts = table('posts', ['id', 'user_id', 'caption', 'created_at'])
const profiles = table('profiles', ['id', 'username'])
const cache: SchemaCache = {
  schema: 'public',
  aggregatesSetting: null,
  planSetting: null,
  tables: new Map([
    ['posts', posts],
    ['profiles', profiles]
  ]),
  foreignKeys: [
    {
      name: 'posts_user_id_fkey',
      table: 'posts',
      columns: ['user_id'],
      refTable: 'profiles',
      refColumns: ['id']
    }
  ],
  functions: new Map()
}

function read(qs: string): { sql: string; params: unknown[] } {
  const params = new Params()
  const query = parseQuery(new URLSearchParams(qs))
  const plan = planRead(cache, posts, query, DEFAULT_REST_LIMITS)
  const builder = new ReadBuilder(plan, params, new Aliases(), true)
  const sql = builder.build(
    { table: posts, from: '"public"."posts" as _t0', alias: '_t0' },
    { count: true, single: false, bodyless: false, applyQuery: true }
  )
  return { sql, params: params.values }
}

describe('SQL building', () => {
  it('binds every value and quotes every identifier', () => {
    const evil = "x'); drop table posts; --"
    const { sql, params } = read(
      `select=id,profiles(username)&caption=eq.${encodeURIComponent(evil)}&order=created_at.desc`
    )
    expect(sql).not.toContain('drop table')
    expect(params).toEqual([evil])
    expect(sql).toContain('_t0."caption" = $1')
    expect(sql).toContain('_t1."id" = _t0."user_id"')
    expect(sql).toContain('order by _t0."created_at" desc')
    expect(sql).toContain('(select count(*) from "public"."posts" as _t0 where _t0."caption" = $1)')
  })

  it('rejects names that are not in the schema cache', () => {
    for (const qs of ['select=nope', 'nope=eq.1', 'order=nope', 'select=id&order=id;drop']) {
      let error: unknown
      try {
        read(qs)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(RestError)
      expect((error as RestError).status).toBe(400)
    }
  })

  it('adds RETURNING only when the representation is wanted', () => {
    const query = parseQuery(new URLSearchParams(''))
    const minimal = buildInsert(
      posts,
      { caption: 'c' },
      query,
      { returning: false, resolution: null, missingDefault: false },
      new Params()
    )
    expect(minimal).not.toContain('returning')
    expect(minimal).toContain('insert into "public"."posts" ("caption")')
    const full = buildInsert(
      posts,
      [{ caption: 'c' }],
      query,
      { returning: true, resolution: 'merge-duplicates', missingDefault: false },
      new Params()
    )
    expect(full).toContain('on conflict ("id") do update set "caption" = excluded."caption"')
    expect(full).toMatch(/returning \*, \(xmax = 0\) as _pgrst_inserted$/)
  })

  it('references every parameter it binds, with aggregates, spreads and JSON paths', () => {
    // An unreferenced parameter has no type, which Postgres refuses for the whole statement.
    for (const qs of [
      'select=caption->>a.max(),...profiles(username->>b.min())&caption->>c=eq.1',
      'select=id,...profiles(username->>d)&order=caption->>e',
      'select=caption->>f,count()'
    ]) {
      const { sql, params } = read(qs)
      params.forEach((_, i) => expect(sql).toMatch(new RegExp(`\\$${i + 1}(?!\\d)`)))
    }
  })

  it('groups by the plain columns when the select has an aggregate', () => {
    const { sql } = read('select=caption,n:id.count(),profiles(username)')
    expect(sql).toContain('count(_t0."id") as "n"')
    expect(sql).toMatch(/group by 1, 3\b/)
    expect(read('select=caption,profiles(username)').sql).not.toContain('group by')
  })

  it('refuses DELETE without a root filter', () => {
    expect(() =>
      buildDelete(
        posts,
        parseQuery(new URLSearchParams('')),
        { returning: false, resolution: null, missingDefault: false },
        new Params()
      )
    ).toThrowError('DELETE requires a WHERE clause')
  })
})
