// Squashed migrations: a baseline migration may stand for the migrations written before it, by
// declaring them in a comment line of its own:
//
//   -- squashes 71 migrations, 20261123090000 to 20261129130200
//
// A database that has recorded all of them already has the baseline's schema, so the baseline
// is recorded as applied without running; one that has none of them runs it; one that has some
// stopped part-way through the old chain, where the baseline can neither run nor be skipped, and
// it is refused before anything is changed.

import type { Migration } from './migration'

export interface Squashed {
  count: number
  /** The first and last versions it replaces (inclusive). */
  from: string
  to: string
}

const SQUASHES = /^-- squashes (\d+) migrations, (\d{14}) to (\d{14})\b/m

/** The migrations `sql` declares it replaces, or null for an ordinary migration. */
export function squashedBy(sql: string): Squashed | null {
  const match = SQUASHES.exec(sql)
  return match ? { count: Number(match[1]), from: match[2], to: match[3] } : null
}

/** What to do with the migrations a database has not recorded. */
export interface MigrationPlan {
  /** In version order: `run` executes the file; `record` only records it (a squash's baseline). */
  steps: Array<{ migration: Migration; action: 'run' | 'record' }>
}

export class PartlyMigratedError extends Error {
  /** `database` names it for the person who has to act: "The data folder /x", … */
  constructor(baseline: Migration, squashed: Squashed, found: number, database: string) {
    super(
      `${database} stopped part-way through the migrations that ` +
        `${baseline.version}_${baseline.name} replaces: it has ${found} of the ` +
        `${squashed.count} (${squashed.from} to ${squashed.to}), so that baseline can neither ` +
        `run nor be skipped. Nothing was changed. To keep its data, start it once with a build ` +
        `from before ${baseline.version}_${baseline.name} (it finishes the old migrations), then ` +
        `with this one; or, to start from an empty database, move it aside.`
    )
    this.name = 'PartlyMigratedError'
  }
}

/** Decides, before anything runs, what each pending migration needs; throws when it cannot. */
export function planMigrations(
  applied: Iterable<string>,
  migrations: Migration[],
  database = 'This database'
): MigrationPlan {
  const done = new Set(applied)
  const pending = [...migrations]
    .sort((a, b) => a.version.localeCompare(b.version))
    .filter((migration) => !done.has(migration.version))
  const steps: MigrationPlan['steps'] = []
  for (const migration of pending) {
    const squashed = squashedBy(migration.sql)
    if (!squashed) {
      steps.push({ migration, action: 'run' })
      continue
    }
    const found = [...done].filter((v) => v >= squashed.from && v <= squashed.to).length
    if (found === 0) steps.push({ migration, action: 'run' })
    else if (found === squashed.count) steps.push({ migration, action: 'record' })
    else throw new PartlyMigratedError(migration, squashed, found, database)
  }
  return { steps }
}
