// Reading where a view's columns come from, out of the node text Postgres stores for it.

import { describe, expect, it } from 'vitest'
import type { Table } from '../../../../src/backend/rest/schema-types'
import { viewColumnSources, viewOrigins } from '../../../../src/backend/rest/view-keys'

// `create view v as select id, a as "x y", b || 'z' as c from t where a > (select 1)`, cut down
// to the fields that matter: a subquery's target list comes first, inside the WHERE clause.
const VIEW_TEXT =
  '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :relid 16384}) :jointree {FROMEXPR :quals ' +
  '{SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :expr {CONST :constvalue 4 [ 1 0 0 0 ]} ' +
  ':resno 1 :resname ?column? :resorigtbl 0 :resorigcol 0 :resjunk false})}}} :targetList (' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname id :resorigtbl 16384 :resorigcol 1 :resjunk false} ' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 2} :resno 2 :resname x\\ y\\) :resorigtbl 16384 :resorigcol 2 :resjunk false} ' +
  '{TARGETENTRY :expr {OPEXPR :args ({VAR :varno 1 :varattno 3 :resorigtbl 9}) } :resno 3 :resname c :resorigtbl 0 :resorigcol 0 :resjunk false}' +
  ') :override 0})'

function table(name: string, isView: boolean): Table {
  return { schema: 'public', name, isView, columns: new Map(), primaryKey: [], uniqueKeys: [] }
}

describe('view column origins', () => {
  it('reads only the outermost target list, and only plain column references', () => {
    expect([...viewOrigins(VIEW_TEXT)]).toEqual([
      [1, { relation: 16384, column: 1 }],
      [2, { relation: 16384, column: 2 }]
    ])
  })

  it('follows a view over a view down to the table column', () => {
    const outer =
      '({QUERY :targetList ({TARGETENTRY :expr {VAR} :resno 1 :resorigtbl 20 :resorigcol 2 :resjunk false})})'
    const tables = new Map([
      ['t', table('t', false)],
      ['v', table('v', true)],
      ['w', table('w', true)]
    ])
    const columns = [
      { relation: 10, relationName: 't', number: 1, name: 'id' },
      { relation: 10, relationName: 't', number: 2, name: 'a' },
      { relation: 20, relationName: 'v', number: 1, name: 'id' },
      { relation: 20, relationName: 'v', number: 2, name: 'x' },
      { relation: 30, relationName: 'w', number: 1, name: 'xx' }
    ]
    const inner =
      '({QUERY :targetList ({TARGETENTRY :resno 1 :resorigtbl 10 :resorigcol 1} ' +
      '{TARGETENTRY :resno 2 :resorigtbl 10 :resorigcol 2})})'
    const sources = viewColumnSources(
      [
        { oid: 20, name: 'v', definition: inner },
        { oid: 30, name: 'w', definition: outer }
      ],
      columns,
      tables
    )
    expect(sources.get('w')?.get('xx')).toEqual({ table: 't', column: 'a' })
    expect(sources.get('v')?.get('id')).toEqual({ table: 't', column: 'id' })
  })
})
