// `POST|GET /rest/v1/rpc/<fn>`: picking the overload by argument names, and
// the call as SQL. Arguments travel as one JSON parameter expanded by json_to_record with the
// declared types, so Postgres converts them (JSON arrays become SQL arrays, "5" becomes 5).

import { RestError } from './errors'
import { closestName, DEFAULT_HINT_SCORE, NAME_HINT_SCORE } from './fuzzy'
import type { RoutineInfo, SchemaCache, Table } from './schema-types'
import { ident, qualified, type Params } from './sql'

export type RpcShape = 'void' | 'scalar' | 'setof-scalar' | 'rows'

const sortedList = (names: string[]): string => [...names].sort().join(', ')

/**
 * PostgREST's hint for a missing function: the closest function name, or when the name exists,
 * the closest list of parameters among its overloads.
 */
function routineHint(cache: SchemaCache, name: string, argNames: string[]): string | null {
  const overloads = cache.functions.get(name) ?? []
  const prefix = `Perhaps you meant to call the function ${cache.schema}.`
  if (overloads.length === 0) {
    const suggestion = closestName(name, cache.functions.keys(), NAME_HINT_SCORE)
    return suggestion ? `${prefix}${suggestion}` : null
  }
  const lists = overloads.map((r) => `(${sortedList(r.args.map((a) => a.name))})`)
  const suggestion = closestName(`(${sortedList(argNames)})`, lists, DEFAULT_HINT_SCORE)
  return suggestion ? `${prefix}${name}${suggestion}` : null
}

/** PGRST202, worded as PostgREST 12 words it. */
export function routineNotFound(
  schema: string,
  name: string,
  argNames: string[],
  jsonBody: boolean,
  hint: string | null = null
): RestError {
  const list = [...argNames].sort().join(', ')
  const qualifiedName = `${schema}.${name}`
  const parameters =
    argNames.length === 0
      ? ' without parameters'
      : ` with parameter${argNames.length > 1 ? 's' : ''} ${list}`
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${qualifiedName}${argNames.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${qualifiedName}${parameters}${
      jsonBody ? ' or with a single unnamed json/jsonb parameter' : ''
    }, but no matches were found in the schema cache.`,
    hint
  )
}

/** The overload whose argument names cover exactly the given names (the rest have defaults). */
export function findRoutine(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  jsonBody = false
): RoutineInfo {
  const matches = (cache.functions.get(name) ?? []).filter(
    (routine) =>
      argNames.every((arg) => routine.args.some((a) => a.name === arg)) &&
      routine.args.every((a) => a.hasDefault || argNames.includes(a.name))
  )
  if (matches.length === 0)
    throw routineNotFound(
      cache.schema,
      name,
      argNames,
      jsonBody,
      routineHint(cache, name, argNames)
    )
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map(
          (r) => `${r.schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved'
    )
  }
  return matches[0]
}

export function rpcShape(routine: RoutineInfo): RpcShape {
  if (routine.returnsVoid) return 'void'
  if (routine.resultColumns) return 'rows'
  return routine.returnsSet ? 'setof-scalar' : 'scalar'
}

/**
 * The table-like view of a row-returning function, so select, filters and embeds work on its
 * result: the table itself for `returns setof posts`, else its OUT / TABLE columns.
 */
export function resultTable(cache: SchemaCache, routine: RoutineInfo): Table {
  const prefix = `${routine.schema}.`
  const returnType = routine.returnType.startsWith(prefix)
    ? routine.returnType.slice(prefix.length)
    : routine.returnType
  const named = cache.tables.get(returnType)
  if (named) return named
  return {
    schema: routine.schema,
    name: routine.name,
    isView: false,
    // The planner's estimate of a function's rows is its declared ROWS: it reveals no table.
    rowSecurity: false,
    columns: new Map((routine.resultColumns ?? []).map((c) => [c.name, c])),
    primaryKey: [],
    uniqueKeys: []
  }
}

/**
 * The FROM item that calls the function as `alias` (a one-column `alias(_pgrst_scalar)` for
 * scalar results).
 */
export function rpcFrom(
  routine: RoutineInfo,
  args: Record<string, unknown>,
  params: Params,
  alias: string
): string {
  const names = Object.keys(args)
  const scalar = rpcShape(routine) === 'scalar' || rpcShape(routine) === 'setof-scalar'
  const as = scalar ? `${alias}(_pgrst_scalar)` : alias
  if (names.length === 0) return `${qualified(routine.name, routine.schema)}() as ${as}`
  const payload = params.add(JSON.stringify(args))
  const definitions = names.map((name) => {
    const type = routine.args.find((a) => a.name === name)?.type ?? 'text'
    return `${ident(name)} ${type}`
  })
  const call = names.map((name) => `${ident(name)} => _pgrst_args.${ident(name)}`).join(', ')
  return (
    `json_to_record(${payload}::json) as _pgrst_args(${definitions.join(', ')})` +
    ` cross join lateral ${qualified(routine.name, routine.schema)}(${call}) as ${as}`
  )
}

/**
 * The statement for a function that returns no rows of a table: nothing, one value or a set
 * of values (`from` is rpcFrom's), as body, page_count and total like a read's.
 */
export function rpcValueStatement(
  shape: Exclude<RpcShape, 'rows'>,
  from: string,
  alias: string
): string {
  const value = `${alias}._pgrst_scalar`
  const body =
    shape === 'void'
      ? 'null::text'
      : shape === 'scalar'
        ? `coalesce(to_json(${value})::text, 'null')`
        : `coalesce(json_agg(${value}), '[]')::text`
  const pageCount = shape === 'scalar' ? '1::int8' : 'count(*)::int8'
  return `select ${body} as body, ${pageCount} as page_count, null::int8 as total from ${from}`
}
