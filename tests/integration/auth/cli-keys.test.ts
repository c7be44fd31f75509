// `npm run backend` prints what `supabase start` prints for the parts it has, and the
// service_role key it prints opens the admin API (so admin tools can be pointed at it).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { testClient } from '../../support/backend-harness'
import { startChildBackend, type ChildBackend } from '../../support/child-backend'

let backend: ChildBackend | null = null
let dataDir = ''

afterAll(async () => {
  await backend?.kill9()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The printed lines arrive in one or more chunks; wait for the last one. */
async function printed(child: ChildBackend, line: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const match = line.exec(child.output())
    if (match) return match[1]
    if (Date.now() > deadline) throw new Error(`never printed ${line}:\n${child.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('prints the API URL, the database, the JWT secret and both keys, and the service_role key is an admin', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'instaframe-cli-'))
  backend = await startChildBackend(dataDir)
  const serviceRoleKey = await printed(backend, /service_role key: (\S+)/)
  expect(backend.output()).toMatch(/^API URL: http:\/\/127\.0\.0\.1:\d+$/m)
  expect(backend.output()).toContain(`DB URL: PGlite (embedded, in ${join(dataDir, 'pgdata')}`)
  expect(backend.output()).toMatch(/^JWT secret \(hex of the HS256 key\): [0-9a-f]{96}$/m)
  const { data, error } = await testClient(backend.url, serviceRoleKey).auth.admin.listUsers()
  expect(error).toBeNull()
  expect(data.users).toEqual([])
  const refused = await testClient(backend.url, backend.anonKey).auth.admin.listUsers()
  expect(refused.error?.code).toBe('not_admin')
}, 120_000)
