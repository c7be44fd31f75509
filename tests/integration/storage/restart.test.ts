// Objects survive a restart: the row is in PGlite's data folder, the bytes under storage/.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { signUpWith, startHarness, testClient } from '../../support/backend-harness'
import { PNG_1X1 as PNG } from '../../support/images'

describe('storage across a restart (on PGlite only: its data folder is what must survive a restart)', () => {
  let dataDir = ''
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('serves an object uploaded before the restart', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'instaframe-restart-'))
    const first = (await startHarness('pglite', '', { dataDir })).backend
    let key: string
    let publicPath: string
    try {
      const { client, userId } = await signUpWith(testClient(first.url, first.anonKey), 'restart')
      key = `posts/${userId}/kept.png`
      const upload = await client.storage
        .from('images')
        .upload(key, PNG, { contentType: 'image/png' })
      expect(upload.error).toBeNull()
      publicPath = new URL(client.storage.from('images').getPublicUrl(key).data.publicUrl).pathname
    } finally {
      await first.close()
    }

    const second = (await startHarness('pglite', '', { dataDir })).backend
    try {
      const response = await fetch(`${second.url}${publicPath}`)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
      expect(response.headers.get('content-type')).toBe('image/png')
    } finally {
      await second.close()
    }
  })
})
