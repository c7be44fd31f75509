// Playwright global setup for the browser specs: builds the web app once per run. Each worker
// serves that build over its own backend (support/test.ts).

import { buildWebApp } from '../../scripts/lib/build-web'

export default async function globalSetup(): Promise<void> {
  await buildWebApp()
}
