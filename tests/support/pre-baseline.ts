// The migrations written before supabase/migrations' baseline, as they were at the last commit
// that had them (tests/fixtures/pre-baseline-migrations.tar.gz, `git archive` of that commit's
// supabase/migrations; kept as a file because a shallow clone has no history): a database
// migrated by them is one made by the code of before the squash, which the backend must
// recognise and bring over.

import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** How many there were, and the last one's version (the baseline's header says the same). */
export const PRE_BASELINE_COUNT = 71
export const LAST_PRE_BASELINE = '20261129130200'

const ARCHIVE = resolve(__dirname, '../fixtures/pre-baseline-migrations.tar.gz')

/** A new folder with the pre-baseline migrations whose version `keep` accepts. */
export async function preBaselineMigrations(
  keep: (version: string) => boolean = () => true
): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'pre-baseline-'))
  execFileSync('tar', ['-xzf', ARCHIVE, '-C', folder, '--strip-components=2'])
  for (const file of await readdir(folder)) {
    if (!keep(file.slice(0, 14))) await rm(join(folder, file))
  }
  return folder
}
