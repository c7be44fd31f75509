// A baseline that squashes migrations (db/squash.ts): run on an empty database, only recorded on
// one that has every migration it replaces, refused on one part-way through them.

import { describe, expect, it } from 'vitest'
import type { Migration } from '../../../../src/backend/db/migrations'
import { planMigrations, squashedBy } from '../../../../src/backend/db/squash'

const old = ['20200101000000', '20200102000000', '20200103000000']
const baseline: Migration = {
  version: '20200201000000',
  name: 'baseline',
  sql: '-- The schema.\n-- squashes 3 migrations, 20200101000000 to 20200103000000\ncreate table t ();'
}
const later: Migration = { version: '20200301000000', name: 'later', sql: 'select 1;' }

const plan = (applied: string[]) =>
  planMigrations(applied, [later, baseline]).steps.map(
    (step) => `${step.action} ${step.migration.version}`
  )

describe('squashed migrations', () => {
  it('reads the declaration, and only on a line of its own', () => {
    expect(squashedBy(baseline.sql)).toEqual({
      count: 3,
      from: '20200101000000',
      to: '20200103000000'
    })
    expect(squashedBy('select 1; -- squashes 3 migrations, 20200101000000 to 20200103000000')).toBe(
      null
    )
    expect(squashedBy(later.sql)).toBe(null)
  })

  it('runs the baseline on a new database, then what follows, in version order', () => {
    expect(plan([])).toEqual(['run 20200201000000', 'run 20200301000000'])
  })

  it('records the baseline without running it where every squashed migration was applied', () => {
    expect(plan(old)).toEqual(['record 20200201000000', 'run 20200301000000'])
    expect(plan([...old, baseline.version])).toEqual(['run 20200301000000'])
  })

  it('refuses a database part-way through them, naming it and what to do', () => {
    expect(() => planMigrations(old.slice(0, 2), [baseline], 'The data folder /x')).toThrow(
      'The data folder /x stopped part-way through the migrations that 20200201000000_baseline ' +
        'replaces: it has 2 of the 3 (20200101000000 to 20200103000000), so that baseline can ' +
        'neither run nor be skipped. Nothing was changed. To keep its data, start it once with ' +
        'a build from before 20200201000000_baseline (it finishes the old migrations), then ' +
        'with this one; or, to start from an empty database, move it aside.'
    )
  })
})
