import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { fakeServices, servicesOver } from '../../testing/fakes'
import { createPostsStore } from '../posts/postsStore'
import { createSavedStore } from './savedStore'

const postsStore = () => createPostsStore({ ...fakeServices(), getUserId: () => 'me' })

/** The saved store over `client`, signed in as `userId`. */
const savedStoreOver = (client: SupabaseClient, userId: string | null = 'me') =>
  createSavedStore({
    saves: servicesOver(client).saves,
    getUserId: () => userId,
    posts: postsStore()
  })

/** Just the saves calls the store makes, answering with `error` when given one. */
function fakeClient(error: { message: string; code?: string } | null = null) {
  const calls: string[] = []
  const chain = {
    insert: vi.fn(async () => {
      calls.push('insert')
      return { error }
    }),
    delete: () => ({
      eq: () => ({
        eq: async () => {
          calls.push('delete')
          return { error }
        }
      })
    }),
    select: () => ({
      in: async (_column: string, ids: string[]) => {
        calls.push(`select ${ids.join(',')}`)
        return { data: ids.filter((id) => id === 'saved-1').map((id) => ({ post_id: id })), error }
      }
    })
  }
  return { client: { from: () => chain } as unknown as SupabaseClient, calls }
}

describe('saved store', () => {
  it('saves optimistically and keeps the save when the server agrees', async () => {
    const { client, calls } = fakeClient()
    const store = savedStoreOver(client)
    const pending = store.getState().toggle('p1')
    expect(store.getState().savedIds.has('p1')).toBe(true)
    expect(store.getState().savingIds.has('p1')).toBe(true)
    await pending
    expect(store.getState().savedIds.has('p1')).toBe(true)
    expect(store.getState().savingIds.has('p1')).toBe(false)
    expect(calls).toEqual(['insert'])
  })

  it('a second tap while the save is on its way unsaves at once, then on the server', async () => {
    const { client, calls } = fakeClient()
    const store = savedStoreOver(client)
    const pending = store.getState().toggle('p1')
    await store.getState().toggle('p1')
    expect(store.getState().savedIds.has('p1')).toBe(false)
    await pending
    expect(store.getState().savedIds.has('p1')).toBe(false)
    expect(store.getState().savingIds.has('p1')).toBe(false)
    expect(calls).toEqual(['insert', 'delete'])
  })

  it('rolls back and says why when the server refuses', async () => {
    const { client } = fakeClient({ message: 'permission denied' })
    const store = savedStoreOver(client)
    await store.getState().toggle('p1')
    expect(store.getState().savedIds.has('p1')).toBe(false)
    expect(store.getState().error).toBe("Couldn't save the post: permission denied")
  })

  it('does nothing for a visitor', async () => {
    const { client, calls } = fakeClient()
    const store = savedStoreOver(client, null)
    await store.getState().toggle('p1')
    expect(store.getState().savedIds.size).toBe(0)
    expect(calls).toEqual([])
  })

  it('asks once for every post watched in the same tick, and never again for them', async () => {
    const { client, calls } = fakeClient()
    const store = savedStoreOver(client)
    store.getState().watch(['saved-1', 'p2'])
    store.getState().watch(['p2', 'p3'])
    await vi.waitFor(() => expect(store.getState().savedIds.has('saved-1')).toBe(true))
    store.getState().watch(['saved-1'])
    await Promise.resolve()
    expect(calls).toEqual(['select saved-1,p2,p3'])
  })
})
