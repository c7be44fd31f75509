// The REST API settings the hosted project takes from supabase/config.toml's [api] table
// (exposed schemas, max rows), read from the same file so the local backend exposes what the
// hosted one does.

import { existsSync, readFileSync } from 'node:fs'
import { isStringList, readTomlTable } from './config-toml'

export interface ApiConfig {
  /** Schemas served over /rest/v1; the first is the default (PostgREST `db-schemas`). */
  schemas: string[]
  /**
   * Schemas searched after the request's own (PostgREST `db-extra-search-path`), so functions
   * in another exposed schema still find extensions.
   */
  extraSearchPath: string[]
  /** PostgREST `db-max-rows`: also the threshold of `count=estimated`. */
  maxRows: number | null
  /**
   * Bytes one REST write or rpc body may have: `max_request_body_bytes`, which only the local
   * backend reads (hosted PostgREST has no such setting; the Supabase CLI warns of the key).
   * Null keeps request-limits.ts's default.
   */
  maxRequestBodyBytes: number | null
  /**
   * PostgREST `db-aggregates-enabled`. Off by default, as on hosted Supabase; the
   * authenticator role's `pgrst.db_aggregates_enabled` setting switches it on as there.
   */
  aggregatesEnabled: boolean
  /**
   * PostgREST `db-plan-enabled`: `Accept: application/vnd.pgrst.plan` (supabase-js explain())
   * answers with the query's plan. Off by default, as on hosted Supabase; the authenticator
   * role's `pgrst.db_plan_enabled` setting switches it on as there.
   */
  planEnabled: boolean
}

export const DEFAULT_API_CONFIG: ApiConfig = {
  schemas: ['public'],
  extraSearchPath: ['public', 'extensions'],
  maxRows: 1000,
  maxRequestBodyBytes: null,
  aggregatesEnabled: false,
  planEnabled: false
}

export function parseApiConfig(source: string, file?: string): ApiConfig {
  const api = readTomlTable(source, 'api', file)
  const schemas = api.get('schemas')
  const maxRows = api.get('max_rows')
  const maxBody = api.get('max_request_body_bytes')
  return {
    ...DEFAULT_API_CONFIG,
    schemas: isStringList(schemas) && schemas.length > 0 ? schemas : DEFAULT_API_CONFIG.schemas,
    maxRows: typeof maxRows === 'number' && maxRows > 0 ? maxRows : DEFAULT_API_CONFIG.maxRows,
    maxRequestBodyBytes: typeof maxBody === 'number' && maxBody > 0 ? maxBody : null
  }
}

/** The [api] settings of the config.toml at `path`, or the defaults when there is none. */
export function loadApiConfig(path: string): ApiConfig {
  if (!existsSync(path)) return { ...DEFAULT_API_CONFIG }
  return parseApiConfig(readFileSync(path, 'utf8'), path)
}
