// Keyset paging over (created_at, id) for the lists this folder reads with plain selects
// (comments, saves, likes): the page after a cursor is "older than" (or "newer than") the last
// row, ties broken by id, so rows inserted meanwhile never shift or repeat a page.

/** The last row of the previous page. */
export interface PageCursor {
  created_at: string
  id: string
}

export type PageOrder = 'newest' | 'oldest'

export interface Page<T> {
  items: T[]
  /** Where the next page starts; null when this page was the last. */
  next: PageCursor | null
}

/**
 * The PostgREST `or=` filter selecting rows after `cursor` in `order`. Values are quoted: a
 * timestamp holds ':' '.' and '+', which the logic-tree grammar would otherwise split on.
 */
export function afterCursorFilter(
  cursor: PageCursor,
  order: PageOrder,
  columns: { time: string; id: string } = { time: 'created_at', id: 'id' }
): string {
  const op = order === 'newest' ? 'lt' : 'gt'
  const time = JSON.stringify(cursor.created_at)
  const id = JSON.stringify(cursor.id)
  return `${columns.time}.${op}.${time},and(${columns.time}.eq.${time},${columns.id}.${op}.${id})`
}

/**
 * A page from `limit + 1` fetched rows: the extra row only says that another page exists, so
 * the last page is known without an empty round trip.
 */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => PageCursor): Page<T> {
  const items = rows.slice(0, limit)
  const last = items[items.length - 1]
  return { items, next: rows.length > limit && last ? cursorOf(last) : null }
}

/** A page size the caller asked for, bounded to 1..100 like the database's page functions. */
export function boundedPageSize(requested: number | undefined, fallback: number): number {
  const size = Math.trunc(requested ?? fallback)
  return Number.isFinite(size) ? Math.min(Math.max(size, 1), 100) : fallback
}
