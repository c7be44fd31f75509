// A request for a table or view the exposed schema does not have, answered as PostgREST 12
// answers it. PostgREST 12 keeps no list of tables in front of its SQL: the query string is
// still parsed (PGRST100) and its embeds resolved (PGRST200, since a missing table has no
// relationships) before Postgres itself says the relation does not exist (42P01, 404). A write
// gets the same 42P01 where PostgREST 12 answers an empty `{}` (a bug PostgREST 13 fixed by
// naming the table): a misspelt table gets a message whatever the method.

import { RestError } from './errors'
import { parse, type RestCall } from './run'
import { resolveRelationship } from './resolve-relationship'
import type { SelectItem } from './query-ast'
import type { Table } from './schema-types'

function firstEmbed(items: SelectItem[]): (SelectItem & { kind: 'embed' }) | null {
  for (const item of items) if (item.kind === 'embed') return item
  return null
}

/** The error for a request naming `name`, a relation `schema` does not have. */
export function missingRelation(call: RestCall, schema: string, name: string): RestError {
  const query = parse(call.request)
  const embed = firstEmbed(query.select)
  if (embed) {
    const standIn: Table = {
      schema,
      name,
      isView: false,
      columns: new Map(),
      primaryKey: [],
      uniqueKeys: []
    }
    // Throws PGRST200: nothing relates to a table that does not exist.
    resolveRelationship(call.cache, standIn, embed.name, embed.hints[0] ?? null)
  }
  return new RestError(404, '42P01', `relation "${schema}.${name}" does not exist`)
}
