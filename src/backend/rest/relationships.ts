// The relationships a table (or view) can embed through, as PostgREST 12's schema cache has
// them: every foreign key gives a many-to-one (or one-to-one) relationship from its table and a
// one-to-many (or one-to-one) one back (views keep their tables' keys, view-keys.ts), a join
// table whose key holds foreign keys to two tables gives a many-to-many one, and a function
// taking the table's row and returning rows of a table gives a computed relationship named
// after it. Which one an embed names is resolve-relationship.ts's.

import { isUniqueKey, localTypeName } from './schema-cache'
import type { ForeignKey, RoutineInfo, SchemaCache, Table } from './schema-types'

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

/** Column pairs as (column of the parent, column of the embedded table). */
type ColumnPairs = [string, string][]

export interface Junction {
  table: Table
  /** The junction's FK to the parent, as (parent column, junction column) pairs. */
  source: { constraint: string; columns: ColumnPairs }
  /** The junction's FK to the embedded table, as (embedded column, junction column) pairs. */
  target: { constraint: string; columns: ColumnPairs }
}

export interface Relationship {
  parent: Table
  target: Table
  cardinality: Cardinality
  /** The FK constraint (for many-to-many: the junction table's name, as hints use it). */
  constraint: string
  /** Direct relationships: (parent column, target column) pairs joined with `=`. */
  columns: ColumnPairs
  junction: Junction | null
  /** The FK references its own table (a comment's parent / replies). */
  isSelf: boolean
  /** A computed relationship: the function called with the parent row. */
  computed: RoutineInfo | null
}

export function isToOne(relationship: Relationship): boolean {
  return relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one'
}

function pairs(a: string[], b: string[]): ColumnPairs {
  return a.map((column, i) => [column, b[i]])
}

/** The direct relationships from `parent` given by one foreign key (zero, one or two). */
function direct(cache: SchemaCache, parent: Table, fk: ForeignKey): Relationship[] {
  const found: Relationship[] = []
  const isSelf = fk.table === fk.refTable
  // One way or the other along the key: to one row when the key's columns are unique.
  const along = (
    targetName: string,
    cardinality: (target: Table) => Cardinality,
    columns: Relationship['columns']
  ): void => {
    const target = cache.tables.get(targetName)
    if (!target) return
    found.push({
      parent,
      target,
      cardinality: cardinality(target),
      constraint: fk.name,
      columns,
      junction: null,
      isSelf,
      computed: null
    })
  }
  if (fk.table === parent.name) {
    along(
      fk.refTable,
      () => (isUniqueKey(parent, fk.columns) ? 'one-to-one' : 'many-to-one'),
      pairs(fk.columns, fk.refColumns)
    )
  }
  if (fk.refTable === parent.name) {
    along(
      fk.table,
      (target) => (isUniqueKey(target, fk.columns) ? 'one-to-one' : 'one-to-many'),
      pairs(fk.refColumns, fk.columns)
    )
  }
  return found
}

/**
 * Many-to-many relationships from `parent`: a table with one FK to `parent` and another to the
 * target, both inside its primary key.
 */
function manyToMany(cache: SchemaCache, parent: Table): Relationship[] {
  const found: Relationship[] = []
  const byTable = new Map<string, ForeignKey[]>()
  for (const fk of cache.foreignKeys) byTable.set(fk.table, [...(byTable.get(fk.table) ?? []), fk])
  for (const [name, fks] of byTable) {
    const junction = cache.tables.get(name)
    if (!junction || fks.length < 2) continue
    const inKey = (fk: ForeignKey): boolean =>
      fk.columns.every((column) => junction.primaryKey.includes(column))
    for (const toParent of fks) {
      if (toParent.refTable !== parent.name || !inKey(toParent)) continue
      for (const toTarget of fks) {
        const target = cache.tables.get(toTarget.refTable)
        if (toTarget === toParent || !target || !inKey(toTarget)) continue
        found.push({
          parent,
          target,
          cardinality: 'many-to-many',
          constraint: junction.name,
          columns: [],
          junction: {
            table: junction,
            source: {
              constraint: toParent.name,
              columns: pairs(toParent.refColumns, toParent.columns)
            },
            target: {
              constraint: toTarget.name,
              columns: pairs(toTarget.refColumns, toTarget.columns)
            }
          },
          // A join table between a table and itself (follows between profiles) counts as a
          // self-relationship, which PostgREST 12 does not embed through a join table.
          isSelf: parent.name === target.name,
          computed: null
        })
      }
    }
  }
  return found
}

/**
 * Computed relationships from `parent`: functions of one argument of the parent's row type
 * that return rows of a table (`create function replies(comments) returns setof comments`).
 * To-one when they return one row or are declared `rows 1`, as in PostgREST.
 */
function computed(cache: SchemaCache, parent: Table): Relationship[] {
  const found: Relationship[] = []
  for (const routine of [...cache.functions.values()].flat()) {
    if (
      routine.args.length !== 1 ||
      localTypeName(routine.args[0].type, cache.schema) !== parent.name
    ) {
      continue
    }
    const target = cache.tables.get(localTypeName(routine.returnType, cache.schema))
    if (!target) continue
    const toOne = !routine.returnsSet || routine.rows === 1
    found.push({
      parent,
      target,
      cardinality: toOne ? 'many-to-one' : 'one-to-many',
      constraint: routine.name,
      columns: [],
      junction: null,
      isSelf: false,
      computed: routine
    })
  }
  return found
}

/** Relationships per table, worked out once per schema cache (they change only with it). */
const known = new WeakMap<SchemaCache, Map<string, Relationship[]>>()

export function relationshipsFrom(cache: SchemaCache, parent: Table): Relationship[] {
  let byTable = known.get(cache)
  if (!byTable) {
    byTable = new Map()
    known.set(cache, byTable)
  }
  let found = byTable.get(parent.name)
  // Tables made up for rpc results are not in the cache: never remembered under their name.
  if (!found || cache.tables.get(parent.name) !== parent) {
    found = [
      ...cache.foreignKeys.flatMap((fk) => direct(cache, parent, fk)),
      ...manyToMany(cache, parent),
      ...computed(cache, parent)
    ]
    if (cache.tables.get(parent.name) === parent) byTable.set(parent.name, found)
  }
  return found
}
