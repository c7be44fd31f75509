// Where an embed's rows come from: the FROM item (with the join table for many-to-many) and
// the conditions that tie them to the parent row.

import { RestError } from './errors'
import type { Relationship } from './relationships'
import { ident, qualified } from './sql'

export interface EmbedSource {
  relationship: Relationship
  /** The alias of the embedded table's rows. */
  alias: string
  from: string
  /** Conditions relating `alias` to the parent row. */
  join: string[]
}

export function embedSource(
  relationship: Relationship,
  parentAlias: string,
  alias: string
): EmbedSource {
  const { target, junction } = relationship
  if (relationship.computed) {
    // Called with the parent row, cast so the argument type is the table's even when the
    // parent is a mutation's result.
    const { name, schema } = relationship.computed
    const parent = qualified(relationship.parent.name, relationship.parent.schema)
    return {
      relationship,
      alias,
      from: `${qualified(name, schema)}(${parentAlias}::${parent}) as ${alias}`,
      join: []
    }
  }
  const table = `${qualified(target.name, target.schema)} as ${alias}`
  if (!junction) {
    return {
      relationship,
      alias,
      from: table,
      join: relationship.columns.map(
        ([parentColumn, column]) =>
          `${alias}.${ident(column)} = ${parentAlias}.${ident(parentColumn)}`
      )
    }
  }
  const link = `${alias}_j`
  const on = junction.target.columns
    .map(([column, linkColumn]) => `${link}.${ident(linkColumn)} = ${alias}.${ident(column)}`)
    .join(' and ')
  return {
    relationship,
    alias,
    from: `${table} join ${qualified(junction.table.name, junction.table.schema)} as ${link} on ${on}`,
    join: junction.source.columns.map(
      ([parentColumn, linkColumn]) =>
        `${link}.${ident(linkColumn)} = ${parentAlias}.${ident(parentColumn)}`
    )
  }
}

/** PGRST119: spreading is only defined for to-one relationships in PostgREST 12. */
export function spreadNotToOne(parent: string, name: string): RestError {
  return new RestError(
    400,
    'PGRST119',
    `A spread operation on '${name}' is not possible`,
    `'${parent}' and '${name}' do not form a many-to-one or one-to-one relationship`
  )
}
