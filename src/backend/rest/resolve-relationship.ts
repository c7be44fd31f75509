// Which relationship an embed like `profiles(...)`, `follows!follower_id(...)` or
// `tags!post_tags(...)` goes through, following PostgREST 12's findRel over the relationships
// of relationships.ts: none is PGRST200 (with a close name as hint), more than one PGRST201.

import { RestError } from './errors'
import { closestName, DEFAULT_HINT_SCORE } from './fuzzy'
import { relationshipsFrom, type Relationship } from './relationships'
import type { SchemaCache, Table } from './schema-types'

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
