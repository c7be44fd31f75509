// A person's content switches (sensitive media, like counts, offensive comments) saved through the
// app's data layer over HTTP, as the Settings screens do: the first save adds the row, later ones
// change it, and nobody's save touches another person's row.

import { randomBytes } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import {
  DEFAULT_CONTENT_SETTINGS,
  fetchMyControls,
  saveContentSettings
} from '../../../src/shared/data/content-controls'
import { insertUser, testClient, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

describeEachBackend('content settings saved over HTTP', (suite) => {
  let harness: Harness
  const person = async () => {
    const user = await insertUser(harness.backend, `switches_${randomBytes(4).toString('hex')}`)
    const client = testClient(harness.backend.url, harness.backend.anonKey, { token: user.token })
    return { id: user.id, client }
  }

  beforeAll(() => {
    harness = suite.harness
  })

  it('adds the row on the first save and changes it on the next', async () => {
    const me = await person()
    expect((await fetchMyControls(me.client)).settings).toEqual(DEFAULT_CONTENT_SETTINGS)
    const first = { ...DEFAULT_CONTENT_SETTINGS, show_sensitive_media: true }
    await saveContentSettings(me.client, me.id, first)
    expect((await fetchMyControls(me.client)).settings).toEqual(first)
    const second = {
      show_sensitive_media: false,
      hide_like_counts: true,
      hide_offensive_comments: true
    }
    await saveContentSettings(me.client, me.id, second)
    expect((await fetchMyControls(me.client)).settings).toEqual(second)
    const { rows } = await harness.backend.db.query(
      'select count(*)::int as n from public.content_settings where user_id = $1',
      [me.id]
    )
    expect(rows[0]).toEqual({ n: 1 })
  })

  it('two first saves at once both land, as one row', async () => {
    const me = await person()
    await Promise.all([
      saveContentSettings(me.client, me.id, {
        ...DEFAULT_CONTENT_SETTINGS,
        hide_like_counts: true
      }),
      saveContentSettings(me.client, me.id, { ...DEFAULT_CONTENT_SETTINGS, hide_like_counts: true })
    ])
    expect((await fetchMyControls(me.client)).settings.hide_like_counts).toBe(true)
  })

  it("refuses a save into another person's row and leaves it as it was", async () => {
    const [me, other] = [await person(), await person()]
    await saveContentSettings(other.client, other.id, DEFAULT_CONTENT_SETTINGS)
    await expect(
      saveContentSettings(me.client, other.id, {
        ...DEFAULT_CONTENT_SETTINGS,
        hide_like_counts: true
      })
    ).rejects.toThrow("Couldn't save your settings")
    expect((await fetchMyControls(other.client)).settings).toEqual(DEFAULT_CONTENT_SETTINGS)
  })
})
