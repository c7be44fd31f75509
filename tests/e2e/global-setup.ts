// Playwright global setup for the browser specs: builds the web app (unless dist-web was built
// from the same sources, scripts/lib/build-web.ts) and the migrated PGlite data directory
// (tests/support/prepared-databases.ts, kept across runs) once per run. Each worker serves that
// build over its own backend started from that directory (support/test.ts).

import { buildWebApp } from '../../scripts/lib/build-web'
import { preparePgliteSnapshot } from '../support/prepared-databases'

export default async function globalSetup(): Promise<void> {
  const [snapshotFile] = await Promise.all([preparePgliteSnapshot(), buildWebApp()])
  // Workers inherit the runner's environment.
  process.env.E2E_PGLITE_SNAPSHOT = snapshotFile
}
