// The shapes of the schema cache (schema-cache.ts reads it from pg_catalog): tables and views
// with their columns and keys, foreign keys and functions, as planning and SQL building see them.

export interface Column {
  name: string
  /** format_type() output, e.g. `uuid`, `timestamp with time zone`, `text[]`. */
  type: string
  notNull: boolean
  /** The DEFAULT expression as Postgres prints it (identity: its nextval), or null. */
  defaultExpr: string | null
}

export interface Table {
  /** The schema the table is in (one of the exposed schemas). */
  schema: string
  name: string
  isView: boolean
  /** Row level security is on (unknown counts as on: it hides the table's size). */
  rowSecurity?: boolean
  columns: Map<string, Column>
  primaryKey: string[]
  /** Primary key and unique constraints: column sets that identify one row. */
  uniqueKeys: string[][]
  /**
   * Computed fields: functions of one argument, this table's row type, returning a value that
   * is not a table's row (those are computed relationships). Selected, filtered and ordered by
   * name like columns, as PostgREST does.
   */
  computedFields?: Map<string, RoutineInfo>
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
}

export interface RoutineInfo {
  schema: string
  name: string
  args: FunctionArg[]
  returnType: string
  returnsSet: boolean
  /** The planner's row estimate (ROWS); 1 makes a set-returning function to-one when embedded. */
  rows: number
  /** Columns of the result when it is a row type (a table's row type, OUT or TABLE columns). */
  resultColumns: Column[] | null
  returnsVoid: boolean
  volatility: 'immutable' | 'stable' | 'volatile'
}

export interface SchemaCache {
  /** The exposed schema this cache describes. */
  schema: string
  /**
   * `pgrst.db_aggregates_enabled` set on the authenticator role, as hosted Supabase switches
   * aggregate functions on (`alter role authenticator set ...`); null when not set.
   */
  aggregatesSetting: boolean | null
  /** `pgrst.db_plan_enabled` on the authenticator role (explain()); null when not set. */
  planSetting: boolean | null
  tables: Map<string, Table>
  /** Foreign keys between tables, and those views keep from the tables they show. */
  foreignKeys: ForeignKey[]
  functions: Map<string, RoutineInfo[]>
}
