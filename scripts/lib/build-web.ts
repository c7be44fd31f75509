// Builds the browser flavour of the renderer into dist-web. Runs the Vite CLI in a child
// process: loaded through tsx's or Playwright's CommonJS transform, Vite 8's programmatic
// build mis-resolves its own module-preload polyfill.

import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const REPO_ROOT = resolve(__dirname, '../..')
export const WEB_BUILD_DIR = resolve(REPO_ROOT, 'dist-web')

export async function buildWebApp(): Promise<void> {
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
}
