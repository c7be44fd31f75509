// Which foreign key an embed like `profiles(...)` or `follows!follower_id(...)` goes through,
// following PostgREST's rules: many-to-one gives an object, one-to-many an array (an object
// when the referencing columns are unique), and more than one candidate is PGRST201.

import { RestError } from './errors'
import { isUniqueKey, type ForeignKey, type SchemaCache, type Table } from './schema-cache'

export interface Relationship {
  fk: ForeignKey
  target: Table
  /** many-to-one: the FK is on the parent row; one-to-many: on the embedded rows. */
  direction: 'many-to-one' | 'one-to-many'
  toOne: boolean
}

function matchesHint(fk: ForeignKey, hint: string): boolean {
  return fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint)
}

function describe(parent: string, relationship: Relationship): Record<string, string> {
  const { fk, direction } = relationship
  return {
    cardinality:
      direction === 'many-to-one'
        ? 'many-to-one'
        : relationship.toOne
          ? 'one-to-one'
          : 'one-to-many',
    embedding: `${parent} with ${relationship.target.name}`,
    relationship: `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${fk.refColumns.join(', ')})`
  }
}

export function resolveRelationship(
  cache: SchemaCache,
  parent: Table,
  name: string,
  hints: string[]
): Relationship {
  const candidates: Relationship[] = []
  for (const fk of cache.foreignKeys) {
    // `posts?select=*,user_id(*)` or `*,posts_user_id_fkey(*)`: the embed is named by the FK.
    const namedByFk = fk.table === parent.name && matchesHint(fk, name)
    if ((fk.table === parent.name && fk.refTable === name) || namedByFk) {
      const target = cache.tables.get(fk.refTable)
      if (target) candidates.push({ fk, target, direction: 'many-to-one', toOne: true })
    }
    if (fk.refTable === parent.name && fk.table === name) {
      const target = cache.tables.get(fk.table)
      if (target) {
        const toOne = isUniqueKey(target, fk.columns)
        candidates.push({ fk, target, direction: 'one-to-many', toOne })
      }
    }
  }
  const matching = candidates.filter((c) => hints.every((hint) => matchesHint(c.fk, hint)))
  if (matching.length === 1) return matching[0]
  if (matching.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'` +
        `${hints.length ? ` using the hint '${hints.join('!')}'` : ''} in the schema 'public', but no matches were found.`,
      null
    )
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    matching.map((c) => describe(parent.name, c)),
    `Try changing '${name}' to one of the following: ${matching
      .map((c) => `'${name}!${c.fk.name}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`
  )
}
