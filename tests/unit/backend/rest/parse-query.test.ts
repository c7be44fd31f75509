import { describe, expect, it } from 'vitest'
import { RestError } from '../../../../src/backend/rest/errors'
import { splitTopLevel } from '../../../../src/backend/rest/parse-field'
import { parseLogicTree } from '../../../../src/backend/rest/parse-filter'
import { parseOrder, parseQuery } from '../../../../src/backend/rest/parse-query'
import { parseSelect } from '../../../../src/backend/rest/parse-select'

/** What a plain column (no aggregate) carries besides its name, alias and cast. */
const PLAIN = { aggregate: null, aggregateCast: null, legacyCount: false }

const query = (qs: string): ReturnType<typeof parseQuery> => parseQuery(new URLSearchParams(qs))

function parseFailure(run: () => unknown): RestError {
  try {
    run()
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error('expected a parse error')
}

describe('parseSelect', () => {
  it('reads stars, columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('*,id,title:caption,n::text,data->a->>b,arr->0')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: { name: 'id', jsonPath: [] }, alias: null, cast: null, ...PLAIN },
      {
        kind: 'column',
        field: { name: 'caption', jsonPath: [] },
        alias: 'title',
        cast: null,
        ...PLAIN
      },
      { kind: 'column', field: { name: 'n', jsonPath: [] }, alias: null, cast: 'text', ...PLAIN },
      {
        kind: 'column',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' }
          ]
        },
        alias: null,
        cast: null,
        ...PLAIN
      },
      {
        kind: 'column',
        field: { name: 'arr', jsonPath: [{ arrow: '->', key: 0 }] },
        alias: null,
        cast: null,
        ...PLAIN
      }
    ])
  })

  it('defaults to * when select is missing or empty', () => {
    expect(parseSelect(null)).toEqual([{ kind: 'star' }])
    expect(parseSelect('')).toEqual([{ kind: 'star' }])
  })

  it('reads embeds with aliases, hints, !inner, nesting and empty lists', () => {
    expect(
      parseSelect('*,author:profiles!posts_user_id_fkey!inner(username,likes(*)),x()')
    ).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'profiles',
        alias: 'author',
        hints: ['posts_user_id_fkey'],
        inner: true,
        spread: false,
        select: [
          {
            kind: 'column',
            field: { name: 'username', jsonPath: [] },
            alias: null,
            cast: null,
            ...PLAIN
          },
          {
            kind: 'embed',
            name: 'likes',
            alias: null,
            hints: [],
            inner: false,
            spread: false,
            select: [{ kind: 'star' }]
          }
        ]
      },
      { kind: 'embed', name: 'x', alias: null, hints: [], inner: false, spread: false, select: [] }
    ])
  })

  it('keeps quoted names whole, including grammar characters', () => {
    expect(parseSelect('"a,b(c)":"we\\"ird"')).toEqual([
      {
        kind: 'column',
        field: { name: 'we"ird', jsonPath: [] },
        alias: 'a,b(c)',
        cast: null,
        ...PLAIN
      }
    ])
  })

  it('rejects malformed lists and cast injection with PGRST100', () => {
    for (const input of ['id,profiles(username', 'id)', 'id::', 'n::text;drop table x', 'a,,b']) {
      const error = parseFailure(() => parseSelect(input))
      expect(error.status).toBe(400)
      expect(error.code).toBe('PGRST100')
    }
  })
})

describe('filters', () => {
  it('reads operators, not., modifiers, and URLSearchParams-decoded values', () => {
    const parsed = query(
      'caption=neq.a+b&n=not.gt.1&body=fts(english).cat%20dog&tags=eq(any).{a,b}'
    )
    expect(parsed.filters.map((f) => f.value)).toEqual([
      expect.objectContaining({ op: 'neq', value: 'a b', negated: false }),
      expect.objectContaining({ op: 'gt', value: '1', negated: true }),
      expect.objectContaining({ op: 'fts', modifier: 'english', value: 'cat dog' }),
      expect.objectContaining({ op: 'eq', modifier: 'any', value: '{a,b}' })
    ])
  })

  it('keeps dots and colons in values (timestamps) and literal quotes outside trees', () => {
    const parsed = query(`at=lt.2026-11-22T05:57:26.02%2B00:00&name=eq."x"`)
    expect(parsed.filters.map((f) => f.value)).toEqual([
      expect.objectContaining({ value: '2026-11-22T05:57:26.02+00:00' }),
      expect.objectContaining({ value: '"x"' })
    ])
  })

  it('splits in-lists on commas outside quotes', () => {
    const parsed = query('id=in.%281%2C2%2C%22a%2Cb%22%2C%22q%5C%22%22%29')
    expect(parsed.filters[0].value).toMatchObject({ op: 'in', value: ['1', '2', 'a,b', 'q"'] })
    expect(query('id=in.()').filters[0].value).toMatchObject({ value: [] })
  })

  it('puts embedded filters, order and paging in their scope', () => {
    const parsed = query(
      'profiles.username=eq.al&likes.order=created_at.desc&likes.limit=3&likes.offset=1&a.b.c=is.null'
    )
    expect(parsed.filters.map((f) => f.path)).toEqual([['profiles'], ['a', 'b']])
    expect(parsed.order[0].path).toEqual(['likes'])
    expect(parsed.limit).toEqual([{ path: ['likes'], value: 3 }])
    expect(parsed.offset).toEqual([{ path: ['likes'], value: 1 }])
  })

  it('reads nested logic trees as used for keyset pagination', () => {
    const at = '2026-11-22T05:57:26.02+00:00'
    const tree = parseLogicTree(
      'or',
      false,
      `(created_at.lt.${at},and(created_at.eq.${at},id.lt.u1))`
    )
    expect(tree).toEqual({
      kind: 'logic',
      op: 'or',
      negated: false,
      children: [
        expect.objectContaining({
          field: { name: 'created_at', jsonPath: [] },
          op: 'lt',
          value: at
        }),
        {
          kind: 'logic',
          op: 'and',
          negated: false,
          children: [
            expect.objectContaining({ op: 'eq', value: at }),
            expect.objectContaining({ field: { name: 'id', jsonPath: [] }, op: 'lt', value: 'u1' })
          ]
        }
      ]
    })
  })

  it('reads not.or keys, negated conditions and quoted values inside trees', () => {
    const parsed = query('not.or=(a.eq.1,b.not.in.(x,"y,z"),c.eq."p,q")&profiles.and=(d.gt.2)')
    expect(parsed.filters[0]).toMatchObject({ path: [], value: { op: 'or', negated: true } })
    const children = (parsed.filters[0].value as { children: unknown[] }).children
    expect(children[1]).toMatchObject({ op: 'in', negated: true, value: ['x', 'y,z'] })
    expect(children[2]).toMatchObject({ op: 'eq', value: 'p,q' })
    expect(parsed.filters[1]).toMatchObject({ path: ['profiles'], value: { op: 'and' } })
  })

  it('rejects unknown operators and malformed trees', () => {
    expect(parseFailure(() => query('id=drop.1')).code).toBe('PGRST100')
    expect(parseFailure(() => query('id=eq1')).code).toBe('PGRST100')
    expect(parseFailure(() => query('or=a.eq.1')).code).toBe('PGRST100')
    expect(parseFailure(() => query('or=(a.eq.1,b)')).code).toBe('PGRST100')
  })
})

describe('order, paging and reserved keys', () => {
  it('reads directions and nulls placement for several columns', () => {
    expect(parseOrder('created_at.desc.nullslast,id,data->>k.asc.nullsfirst')).toEqual([
      { field: { name: 'created_at', jsonPath: [] }, descending: true, nulls: 'last' },
      { field: { name: 'id', jsonPath: [] }, descending: false, nulls: null },
      {
        field: { name: 'data', jsonPath: [{ arrow: '->>', key: 'k' }] },
        descending: false,
        nulls: 'first'
      }
    ])
  })

  it('reads limit, offset, columns and on_conflict; rejects bad numbers', () => {
    const parsed = query('limit=10&offset=20&columns=%22title%22%2C%22body%22&on_conflict=a,b')
    expect(parsed.limit).toEqual([{ path: [], value: 10 }])
    expect(parsed.offset).toEqual([{ path: [], value: 20 }])
    expect(parsed.columns).toEqual(['title', 'body'])
    expect(parsed.onConflict).toEqual(['a', 'b'])
    expect(parsed.filters).toEqual([])
    expect(parseFailure(() => query('limit=-1')).status).toBe(400)
    expect(parseFailure(() => query('offset=1;drop')).status).toBe(400)
  })

  it('leaves rpc argument keys out of the filters', () => {
    const parsed = parseQuery(new URLSearchParams('a=1&b=eq.2'), (key) => key === 'a')
    expect(parsed.filters.map((f) => f.value)).toEqual([expect.objectContaining({ op: 'eq' })])
  })

  it('splits only at the top level', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",g', ',')).toEqual(['a', 'b(c,d)', '"e,f"', 'g'])
  })
})
