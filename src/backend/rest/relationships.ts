// Which relationship an embed like `profiles(...)`, `follows!follower_id(...)` or
// `tags!post_tags(...)` goes through, following PostgREST 12's findRel: every foreign key
// gives a many-to-one (or one-to-one) relationship from its table and a one-to-many (or
// one-to-one) one back, a join table whose key holds foreign keys to two tables gives a
// many-to-many one, a function taking the table's row and returning rows of a table gives a
// computed relationship named after it, and more than one candidate is PGRST201.

import { RestError } from './errors'
import { closestName, DEFAULT_HINT_SCORE } from './fuzzy'
import {
  isUniqueKey,
  localTypeName,
  type ForeignKey,
  type RoutineInfo,
  type SchemaCache,
  type Table
} from './schema-cache'

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
  const fkUnique = (table: Table): boolean => isUniqueKey(table, fk.columns)
  if (fk.table === parent.name) {
    const target = cache.tables.get(fk.refTable)
    if (target) {
      found.push({
        parent,
        target,
        cardinality: fkUnique(parent) ? 'one-to-one' : 'many-to-one',
        constraint: fk.name,
        columns: pairs(fk.columns, fk.refColumns),
        junction: null,
        isSelf,
        computed: null
      })
    }
  }
  if (fk.refTable === parent.name) {
    const target = cache.tables.get(fk.table)
    if (target) {
      found.push({
        parent,
        target,
        cardinality: fkUnique(target) ? 'one-to-one' : 'one-to-many',
        constraint: fk.name,
        columns: pairs(fk.refColumns, fk.columns),
        junction: null,
        isSelf,
        computed: null
      })
    }
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

function singleColumn(relationship: Relationship, side: 0 | 1): string | null {
  const { columns } = relationship
  return columns.length === 1 ? columns[0][side] : null
}

/** PostgREST's rules for which relationships an embed name and optional hint select. */
function selects(relationship: Relationship, name: string, hint: string | null): boolean {
  const { target, cardinality, constraint } = relationship
  if (relationship.computed) return name === relationship.computed.name
  const direct = cardinality !== 'many-to-many'
  const byConstraint = (value: string): boolean => direct && constraint === value
  const bySourceColumn = (value: string): boolean => singleColumn(relationship, 0) === value
  const byTargetColumn = (value: string): boolean => singleColumn(relationship, 1) === value
  if (relationship.isSelf) {
    // One FK gives two relationships to the same table. By convention the table name (with an
    // optional hint naming the FK column) gives the one-to-many side (`replies:comments`), and
    // the FK column as the name gives the many-to-one side (`parent_id(*)`).
    if (hint === null) {
      return (
        (name === target.name && cardinality === 'one-to-many') ||
        (bySourceColumn(name) && cardinality === 'many-to-one')
      )
    }
    return (
      name === target.name &&
      cardinality === 'one-to-many' &&
      (byTargetColumn(hint) || byConstraint(hint))
    )
  }
  if (hint === null) {
    return name === target.name || byConstraint(name) || bySourceColumn(name)
  }
  return (
    name === target.name &&
    (byConstraint(hint) ||
      bySourceColumn(hint) ||
      byTargetColumn(hint) ||
      (cardinality === 'many-to-many' && constraint === hint))
  )
}

function columnList(table: string, columns: string[]): string {
  return `${table}(${columns.join(', ')})`
}

/** One entry of PGRST201's details, worded as PostgREST words it. */
function describe(relationship: Relationship): Record<string, string> {
  const { parent, target, junction } = relationship
  const text = junction
    ? `${junction.table.name} using ${junction.source.constraint}(${junction.source.columns
        .map((c) => c[1])
        .join(', ')}) and ${junction.target.constraint}(${junction.target.columns
        .map((c) => c[1])
        .join(', ')})`
    : `${relationship.constraint} using ${columnList(
        parent.name,
        relationship.columns.map((c) => c[0])
      )} and ${columnList(
        target.name,
        relationship.columns.map((c) => c[1])
      )}`
  return {
    cardinality: relationship.cardinality,
    embedding: `${parent.name} with ${target.name}`,
    relationship: text
  }
}

/**
 * PostgREST's hint for a missing relationship: a close name among the parent's related
 * tables, or when the parent has no relationships, among the tables that have some.
 */
function relationshipHint(cache: SchemaCache, parent: Table, name: string): string | null {
  const related = relationshipsFrom(cache, parent)
  if (related.length > 0) {
    const targets = new Set(related.map((r) => r.target.name))
    const suggestion = closestName(name, targets, DEFAULT_HINT_SCORE, true)
    return suggestion ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null
  }
  const parents = new Set(cache.foreignKeys.flatMap((fk) => [fk.table, fk.refTable]))
  const suggestion = closestName(parent.name, parents, DEFAULT_HINT_SCORE)
  return suggestion ? `Perhaps you meant '${suggestion}' instead of '${parent.name}'.` : null
}

export function resolveRelationship(
  cache: SchemaCache,
  parent: Table,
  name: string,
  hint: string | null
): Relationship {
  const candidates = relationshipsFrom(cache, parent).filter((r) => selects(r, name, hint))
  // A function named like a relationship overrides it (PostgREST's overriding relationships).
  const computedOnes = candidates.filter((r) => r.computed)
  const matching = computedOnes.length > 0 ? computedOnes : candidates
  if (matching.length === 1) return matching[0]
  if (matching.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'` +
        `${hint !== null ? ` using the hint '${hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
      relationshipHint(cache, parent, name)
    )
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    matching.map(describe),
    `Try changing '${name}' to one of the following: ${matching
      .map((r) => `'${r.target.name}!${r.constraint}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`
  )
}
