// A join's postgres_changes bindings: what is accepted, and the reason given for what is not.

import { describe, expect, it } from 'vitest'
import { parseBindings, bindingMatches } from '../../../../src/backend/realtime/bindings'
import type { PublishedTable } from '../../../../src/backend/realtime/published-tables'
import { selectPolicySql } from '../../../../src/backend/realtime/visibility'

const column = (name: string, type = 'uuid') =>
  [name, { name, type, notNull: false, defaultExpr: null }] as const

const likes: PublishedTable = {
  schema: 'public',
  name: 'likes',
  isView: false,
  columns: new Map([column('id'), column('post_id'), column('user_id')]),
  primaryKey: ['id'],
  uniqueKeys: [['id']],
  payloadColumns: [],
  rowSecurity: true,
  selectPolicies: [
    { permissive: true, using: 'user_id = auth.uid()', roles: ['authenticated'] },
    { permissive: true, using: 'true', roles: ['public'] },
    { permissive: false, using: 'post_id is not null', roles: ['authenticated'] }
  ]
}
const tables = new Map([['public.likes', likes]])

function parse(raw: unknown): ReturnType<typeof parseBindings> {
  let id = 0
  return parseBindings(raw, tables, () => ++id)
}

describe('postgres_changes bindings', () => {
  it('accepts events, tables and Realtime filters, and echoes the params with an id', () => {
    const [one, two] = parse([
      {
        event: 'INSERT',
        schema: 'public',
        table: 'likes',
        filter: 'post_id=in.(a,b),user_id=not.eq.c'
      },
      { event: '*', schema: 'public' }
    ])
    expect(one.conditions.map((c) => [c.field.name, c.op, c.negated, c.value])).toEqual([
      ['post_id', 'in', false, ['a', 'b']],
      ['user_id', 'eq', true, 'c']
    ])
    expect(one.reply).toEqual({
      event: 'INSERT',
      schema: 'public',
      table: 'likes',
      filter: 'post_id=in.(a,b),user_id=not.eq.c',
      id: 1
    })
    expect(bindingMatches(one, 'public', 'likes', 'INSERT')).toBe(true)
    expect(bindingMatches(one, 'public', 'likes', 'DELETE')).toBe(false)
    expect(bindingMatches(two, 'public', 'posts', 'UPDATE')).toBe(true)
  })

  it.each([
    [[{ event: 'TRUNCATE', schema: 'public', table: 'likes' }], /event must be one of/],
    [[{ event: 'INSERT', table: 'likes' }], /needs a schema/],
    [
      [{ event: 'INSERT', schema: 'public', table: 'secrets' }],
      /not in the supabase_realtime publication/
    ],
    [
      [{ event: 'INSERT', schema: 'public', table: 'likes', filter: 'nope=eq.1' }],
      /has no column nope/
    ],
    [
      [{ event: 'INSERT', schema: 'public', table: 'likes', filter: 'id' }],
      /column=operator.value/
    ],
    [
      [{ event: 'INSERT', schema: 'public', table: 'likes', filter: 'id=cs.{1}' }],
      /operator cs is not/
    ],
    [[{ event: 'INSERT', schema: 'public', filter: 'id=eq.1' }], /A filter needs a table/],
    [{ event: 'INSERT' }, /must be a list/]
  ])('refuses %j with a reason', (raw, reason) => {
    expect(() => parse(raw)).toThrow(reason)
  })

  it('combines SELECT policies for a role as Postgres does', () => {
    expect(selectPolicySql(likes, 'authenticated')).toBe(
      '((user_id = auth.uid()) or (true)) and (post_id is not null)'
    )
    expect(selectPolicySql(likes, 'anon')).toBe('((true))')
    expect(selectPolicySql({ ...likes, selectPolicies: [] }, 'anon')).toBe('false')
    expect(selectPolicySql({ ...likes, rowSecurity: false }, 'anon')).toBe('true')
  })
})
