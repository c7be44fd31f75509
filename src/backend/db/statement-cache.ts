// Names for the statements a database connection keeps prepared, by SQL text (see below). Used
// by PGlite's protocol session and by each PostgreSQL connection.

/**
 * Statements Postgres keeps parsed and planned, named by their SQL text. A request's statement
 * depends only on the shape of its query (values are parameters), so the app's few dozen shapes
 * are parsed once and then only bound and executed; Postgres re-plans one by itself when the
 * schema, the role or the search_path it was planned under changes. The least recently used
 * beyond `limit` are closed, so a stream of distinct shapes cannot grow memory.
 */
export class StatementCache {
  private readonly names = new Map<string, string>()
  private closing: string[] = []
  private created = 0

  constructor(private readonly limit = 128) {}

  /** The statement's name, and whether Postgres already holds it. */
  lookup(sql: string): { name: string; parsed: boolean } {
    const known = this.names.get(sql)
    if (known !== undefined) {
      // Re-inserted to mark it recently used: a Map iterates in insertion order.
      this.names.delete(sql)
      this.names.set(sql, known)
      return { name: known, parsed: true }
    }
    const name = `instaframe_${++this.created}`
    this.names.set(sql, name)
    if (this.names.size > this.limit) {
      const [oldest, oldestName] = this.names.entries().next().value as [string, string]
      this.names.delete(oldest)
      this.closing.push(oldestName)
    }
    return { name, parsed: false }
  }

  /** Statements whose Parse may have failed: unknown again, and closed in case it did not. */
  forget(sqls: readonly string[]): void {
    for (const sql of sqls) {
      const name = this.names.get(sql)
      if (name === undefined) continue
      this.names.delete(sql)
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
