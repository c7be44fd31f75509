// The migrations written before supabase/migrations' baseline, as they were at the last commit
// that had them (read from git history): a database migrated by them is one made by the code of
// before the squash, which the backend must recognise and bring over.

import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** The last commit whose supabase/migrations held the migrations the baseline squashes. */
export const PRE_BASELINE_COMMIT = '6755357d86d4505a815de87a6a9487173d32da56'
/** How many there were, and the last one's version (the baseline's header says the same). */
export const PRE_BASELINE_COUNT = 71
export const LAST_PRE_BASELINE = '20261129130200'

const ROOT = resolve(__dirname, '../..')

/** A new folder with the pre-baseline migrations whose version `keep` accepts. */
export async function preBaselineMigrations(
  keep: (version: string) => boolean = () => true
): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'pre-baseline-'))
  const archive = execFileSync(
    'git',
    ['-C', ROOT, 'archive', '--format=tar', PRE_BASELINE_COMMIT, 'supabase/migrations'],
    { maxBuffer: 64 * 1024 * 1024 }
  )
  execFileSync('tar', ['-x', '-C', folder, '--strip-components=2'], { input: archive })
  for (const file of await readdir(folder)) {
    if (!keep(file.slice(0, 14))) await rm(join(folder, file))
  }
  return folder
}
