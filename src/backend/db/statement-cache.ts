// Names for the statements a database connection keeps prepared, by SQL text and the role that
// runs them (see below). Used by PGlite's protocol session and by each PostgreSQL connection.

const keyOf = (sql: string, role: string): string => (role === '' ? sql : `${role}\u0000${sql}`)

/**
 * Statements Postgres keeps parsed and planned, named by their SQL text. A request's statement
 * depends only on the shape of its query (values are parameters), so the app's few dozen shapes
 * are parsed once and then only bound and executed; Postgres re-plans one by itself when the
 * schema, the role or the search_path it was planned under changes. So that requests of anon
 * and of signed-in callers do not re-plan each other's, each role has its own. The least
 * recently used beyond `limit` are closed, so a stream of distinct shapes cannot grow memory.
 */
export class StatementCache {
  private readonly names = new Map<string, string>()
  private closing: string[] = []
  private created = 0

  constructor(private readonly limit = 128) {}

  /**
   * The statement's name, and whether Postgres already holds it. Each `role` (see
   * TransactionOptions.planRole) has statements of its own, though their SQL is the same.
   */
  lookup(sql: string, role = ''): { name: string; parsed: boolean } {
    const key = keyOf(sql, role)
    const known = this.names.get(key)
    if (known !== undefined) {
      // Re-inserted to mark it recently used: a Map iterates in insertion order.
      this.names.delete(key)
      this.names.set(key, known)
      return { name: known, parsed: true }
    }
    const name = `instaframe_${++this.created}`
    this.names.set(key, name)
    if (this.names.size > this.limit) {
      const [oldest, oldestName] = this.names.entries().next().value as [string, string]
      this.names.delete(oldest)
      this.closing.push(oldestName)
    }
    return { name, parsed: false }
  }

  /** Statements whose Parse may have failed: unknown again, and closed in case it did not. */
  forget(sqls: readonly string[], role = ''): void {
    for (const sql of sqls) {
      const key = keyOf(sql, role)
      const name = this.names.get(key)
      if (name === undefined) continue
      this.names.delete(key)
      this.closing.push(name)
    }
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
