// Deciding who gets a change, and what they get. Row-level security decides: for an INSERT or
// UPDATE, each distinct identity (role + claims) among the subscribers selects the row back
// by primary key as itself, with all its bindings' filters evaluated in the same statement; a
// row its policies hide simply does not come back. A deleted row cannot be selected, so for a
// DELETE the table's SELECT policies are evaluated, as that identity, against the old row the
// trigger captured (stricter than hosted Realtime, which sends deletes to every subscriber of
// the table). Either way a DELETE carries only the primary key, as hosted sends it.

import type { Database } from '../db/database'
import type { RequestIdentity } from '../jwt'
import { bindingMatches, type Binding, type ChangeType } from './bindings'
import type { Change } from './changes'
import type { PublishedTable } from './published-tables'
import { checkVisibility } from './visibility'

/** One joined channel as delivery sees it. */
export interface Subscriber {
  identity: RequestIdentity
  identityKey: string
  bindings: Binding[]
  send(payload: PostgresChangesPayload): void
}

export interface PostgresChangesPayload {
  ids: number[]
  data: {
    schema: string
    table: string
    commit_timestamp: string
    type: ChangeType
    eventType: ChangeType
    columns: { name: string; type: string }[]
    record?: Record<string, unknown>
    old_record?: Record<string, unknown>
    errors: null
  }
}

function pick(row: Record<string, unknown>, columns: string[] | null): Record<string, unknown> {
  if (!columns) return row
  return Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]]))
}

function payloadFor(
  table: PublishedTable,
  change: Change,
  record: Record<string, unknown>,
  bindings: Binding[],
  select: string[] | null
): PostgresChangesPayload {
  const columns = select
    ? table.payloadColumns.filter((column) => select.includes(column.name))
    : table.payloadColumns
  const data: PostgresChangesPayload['data'] = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    eventType: change.type,
    columns,
    errors: null
  }
  if (change.type !== 'DELETE') data.record = pick(record, select)
  if (change.type !== 'INSERT') data.old_record = change.oldKey ?? change.key
  return { ids: bindings.map((binding) => binding.id), data }
}

/** Sends `change` to every subscriber entitled to it. */
export async function deliverChange(
  db: Database,
  table: PublishedTable,
  change: Change,
  subscribers: Iterable<Subscriber>
): Promise<void> {
  // Each subscriber with the bindings this change concerns (the subscriber itself is kept whole:
  // a channel is a class instance whose methods a copy would lose).
  type Wanting = { subscriber: Subscriber; bindings: Binding[] }
  const byIdentity = new Map<string, { identity: RequestIdentity; subs: Wanting[] }>()
  for (const subscriber of subscribers) {
    const wanted = subscriber.bindings.filter((b) =>
      bindingMatches(b, change.schema, change.table, change.type)
    )
    if (wanted.length === 0) continue
    const group = byIdentity.get(subscriber.identityKey) ?? {
      identity: subscriber.identity,
      subs: []
    }
    group.subs.push({ subscriber, bindings: wanted })
    byIdentity.set(subscriber.identityKey, group)
  }
  await Promise.all(
    [...byIdentity.values()].map(async ({ identity, subs }) => {
      const all = subs.flatMap((wanting) => wanting.bindings)
      const { record, matches } = await checkVisibility(db, table, change, identity, all)
      if (!record) return
      for (const { subscriber, bindings } of subs) {
        const matched = bindings.filter((b) => matches.get(b.filterText))
        // Bindings asking for different columns get separate messages.
        const bySelect = new Map<string, Binding[]>()
        for (const binding of matched) {
          const key = binding.select ? binding.select.join(',') : '*'
          bySelect.set(key, [...(bySelect.get(key) ?? []), binding])
        }
        for (const group of bySelect.values()) {
          subscriber.send(payloadFor(table, change, record, group, group[0].select))
        }
      }
    })
  )
}
