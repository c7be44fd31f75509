import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import { appliedMigrationVersions, applyMigrations } from '../../../src/backend/db/migrations'
import { loadMigrations } from '../../../src/backend/db/migration-files'
import { bootstrapDatabase } from '../../../src/backend/db/bootstrap'
import { MIGRATIONS_DIR } from '../../support/databases'
import { describeEachDatabase } from '../../support/database-suite'

async function publicTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' order by 1`
  )
  return rows.map((r) => r.table_name)
}

describeEachDatabase('migrations', (suite) => {
  it('apply every migration once, and a second run applies nothing', async () => {
    const { db } = suite
    const files = await loadMigrations(MIGRATIONS_DIR)
    expect(files.length).toBeGreaterThan(0)
    expect(await appliedMigrationVersions(db)).toEqual(files.map((m) => m.version))
    await bootstrapDatabase(db)
    expect(await applyMigrations(db, files)).toEqual([])
    expect(await publicTables(db)).toEqual([
      'blocks',
      'close_friends',
      'comment_likes',
      'comments',
      'content_settings',
      'direct_messages',
      'direct_participants',
      'direct_reactions',
      'direct_threads',
      'follow_requests',
      'followed_tags',
      'follows',
      'likes',
      'moderators',
      'mutes',
      'notifications',
      'places',
      'post_images',
      'post_people_tags',
      'post_tags',
      'posts',
      'profiles',
      'reports',
      'save_collection_items',
      'save_collections',
      'saves',
      'seen_posts',
      'stories',
      'story_highlight_items',
      'story_highlights',
      'story_views',
      'word_filters'
    ])
  })

  it('a failing migration is rolled back and not recorded; the ones before it stay applied', async () => {
    const { db } = suite
    const before = await appliedMigrationVersions(db)
    const folder = await mkdtemp(join(tmpdir(), 'migrations-'))
    try {
      await writeFile(
        join(folder, '20990101000000_scratch_ok.sql'),
        'create table public.scratch_ok (id int);'
      )
      const bad = join(folder, '20990101000001_scratch_bad.sql')
      await writeFile(
        bad,
        `create table public.scratch_bad (id int);
         insert into public.scratch_bad values (1);
         select 1 / 0;`
      )
      await expect(applyMigrations(db, await loadMigrations(folder))).rejects.toThrow(
        /Migration 20990101000001_scratch_bad failed: division by zero/
      )
      expect(await appliedMigrationVersions(db)).toEqual([...before, '20990101000000'])
      expect(await publicTables(db)).toContain('scratch_ok')
      expect(await publicTables(db)).not.toContain('scratch_bad')

      // Once fixed, the next start applies just that one.
      await writeFile(bad, 'create table public.scratch_bad (id int);')
      expect(await applyMigrations(db, await loadMigrations(folder))).toEqual(['20990101000001'])
      expect(await publicTables(db)).toContain('scratch_bad')
    } finally {
      await rm(folder, { recursive: true, force: true })
      await db.exec(`
        drop table if exists public.scratch_ok, public.scratch_bad;
        delete from supabase_migrations.schema_migrations where version like '2099%';`)
    }
  })
})
