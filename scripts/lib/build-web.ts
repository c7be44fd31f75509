// Builds the browser flavour of the renderer into dist-web. Runs the Vite CLI in a child
// process: loaded through tsx's or Playwright's CommonJS transform, Vite 8's programmatic
// build mis-resolves its own module-preload polyfill. A build whose inputs have not changed
// since the last one is skipped (1.5–3 min of CPU before every Playwright run).

import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const REPO_ROOT = resolve(__dirname, '../..')
export const WEB_BUILD_DIR = resolve(REPO_ROOT, 'dist-web')

/** Written into dist-web after a build: the hash of the inputs it was built from. */
const INPUTS_FILE = join(WEB_BUILD_DIR, '.build-inputs')

/** Everything the web build reads, besides node_modules (pinned by the lockfile). */
const INPUT_DIRS = ['src/renderer', 'src/shared']
const INPUT_FILES = [
  'vite.web.config.mts',
  'scripts/lib/csp-meta.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.web.json'
]

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return filesUnder(path)
      // Tests are never part of the bundle: editing one needs no new build.
      return Promise.resolve(/\.test\.tsx?$/.test(entry.name) ? [] : [path])
    })
  )
  return nested.flat()
}

/** A hash of every input file's path and bytes, Node's version and the VITE_ variables. */
export async function webBuildInputsHash(): Promise<string> {
  const dirs = await Promise.all(INPUT_DIRS.map((dir) => filesUnder(join(REPO_ROOT, dir))))
  const files = [...dirs.flat(), ...INPUT_FILES.map((file) => join(REPO_ROOT, file))].sort()
  const hash = createHash('sha256').update(`${process.version}\0`)
  for (const [name, value] of Object.entries(process.env).sort())
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`)
  const contents = await Promise.all(files.map((file) => readFile(file)))
  files.forEach((file, index) =>
    hash
      .update(`${relative(REPO_ROOT, file)}\0`)
      .update(contents[index])
      .update('\0')
  )
  return hash.digest('hex')
}

async function builtFrom(): Promise<string | null> {
  if (!existsSync(join(WEB_BUILD_DIR, 'index.html'))) return null
  return readFile(INPUTS_FILE, 'utf8').catch(() => null)
}

export async function buildWebApp(): Promise<void> {
  const inputs = await webBuildInputsHash()
  if ((await builtFrom()) === inputs) return
  const vite = resolve(REPO_ROOT, 'node_modules/vite/bin/vite.js')
  try {
    await run(
      process.execPath,
      [vite, 'build', '--config', 'vite.web.config.mts', '--logLevel', 'warn'],
      {
        cwd: REPO_ROOT
      }
    )
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string }
    throw new Error(`Building the web app failed:\n${output.stdout ?? ''}${output.stderr ?? ''}`)
  }
  // Written only after a whole build: a failed or interrupted one is built again next time.
  await writeFile(INPUTS_FILE, inputs)
}
