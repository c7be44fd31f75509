// Names for the statements a database connection keeps prepared, by SQL text and the role that
// runs them (see below). Used by PGlite's protocol session and by each PostgreSQL connection.

/**
 * Whether a kept statement failed because what it reads changed shape (a column added to a
 * table it selects `*` from): Postgres refuses to run it again with other result columns
 * ("cached plan must not change result type", SQLSTATE 0A000). Such a statement must be parsed
 * anew under a new name, or it fails the same way on every later run.
 */
export function resultTypeChanged(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000'
}

/**
 * Statements Postgres keeps parsed and planned, named by their SQL text. A request's statement
 * depends only on the shape of its query (values are parameters), so the app's few dozen shapes
 * are parsed once and then only bound and executed; Postgres re-plans one by itself when the
 * schema, the role or the search_path it was planned under changes. So that requests of anon
 * and of signed-in callers do not re-plan each other's, each role has its own. The least
 * recently used beyond `limit` are closed, so a stream of distinct shapes cannot grow memory.
 */
export class StatementCache {
  /**
   * Names by role, then by SQL text. Two lookups of strings a request reuses (V8 keeps a
   * string's hash) rather than one of a key joined anew per call, hashed each time in full.
   */
  private readonly byRole = new Map<string, Map<string, string>>()
  /** Every name held, least recently used first (a Map iterates in insertion order). */
  private readonly order = new Map<string, { sql: string; role: string }>()
  private closing: string[] = []
  private created = 0

  constructor(private readonly limit = 128) {}

  /**
   * The statement's name, and whether Postgres already holds it. Each `role` (see
   * TransactionOptions.planRole) has statements of its own, though their SQL is the same.
   */
  lookup(sql: string, role = ''): { name: string; parsed: boolean } {
    let names = this.byRole.get(role)
    if (!names) this.byRole.set(role, (names = new Map()))
    const known = names.get(sql)
    if (known !== undefined) {
      // Re-inserted to mark it recently used.
      const entry = this.order.get(known) as { sql: string; role: string }
      this.order.delete(known)
      this.order.set(known, entry)
      return { name: known, parsed: true }
    }
    const name = `instaframe_${++this.created}`
    names.set(sql, name)
    this.order.set(name, { sql, role })
    if (this.order.size > this.limit) {
      const [oldest] = this.order.keys()
      this.drop(oldest)
    }
    return { name, parsed: false }
  }

  /** Statements whose Parse may have failed: unknown again, and closed in case it did not. */
  forget(sqls: readonly string[], role = ''): void {
    const names = this.byRole.get(role)
    for (const sql of sqls) {
      const name = names?.get(sql)
      if (name !== undefined) this.drop(name)
    }
  }

  private drop(name: string): void {
    const entry = this.order.get(name)
    if (!entry) return
    this.order.delete(name)
    this.byRole.get(entry.role)?.delete(entry.sql)
    this.closing.push(name)
  }

  /**
   * The statements let go, to be closed; Postgres ignores a name it does not hold. They are
   * closed ahead of a call's own statements: an evicted statement is the least recently used,
   * never one the call itself just looked up (a call uses two, far below the limit).
   */
  takeClosing(): string[] {
    const names = this.closing
    this.closing = []
    return names
  }
}
