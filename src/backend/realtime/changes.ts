// A change to a published table as the capture triggers report it (capture.ts), one per row
// key: what delivery.ts checks against each subscriber and visibility.ts selects back.

import type { ChangeType } from './bindings'

export interface Change {
  schema: string
  table: string
  type: ChangeType
  commitTimestamp: string
  /** The row's primary key (an UPDATE is taken to keep it). */
  key: Record<string, unknown>
  /** What `old_record` carries for an UPDATE or DELETE: the primary key. */
  oldKey: Record<string, unknown> | null
  /** The whole old row of a DELETE when it fitted in the notification; never sent to clients. */
  old: Record<string, unknown> | null
}

/** The changes one notification from the capture triggers stands for (capture.ts). */
export function parseChanges(text: string): Change[] {
  let raw: Record<string, unknown>
  try {
    raw = JSON.parse(text)
  } catch {
    return []
  }
  const where = `${String(raw.schema)}.${String(raw.table)}`
  if (raw.too_large) {
    console.warn(
      `[realtime] ${String(raw.too_large)} change(s) on ${where} had a key too large to stream`
    )
    return []
  }
  const type = raw.type
  if ((type !== 'INSERT' && type !== 'UPDATE' && type !== 'DELETE') || !Array.isArray(raw.keys)) {
    return []
  }
  return (raw.keys as Record<string, unknown>[]).map((key) => ({
    schema: String(raw.schema),
    table: String(raw.table),
    type,
    commitTimestamp: String(raw.commit_timestamp),
    key,
    oldKey: type === 'INSERT' ? null : key,
    old: (raw.old as Record<string, unknown> | undefined) ?? null
  }))
}
