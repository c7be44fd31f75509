// One file of supabase/migrations as the runner (migrations.ts) and the squash plan (squash.ts)
// both see it; its own module so that neither imports the other for it.

export interface Migration {
  /** The timestamp prefix of the file name, e.g. "20261123090000". */
  version: string
  name: string
  sql: string
}
