// Who is tagged on each post: asked for in batches, read again once tags are added, and one
// copy changed by Approve and Remove.

import { describe, expect, it, vi } from 'vitest'
import type { PeopleTag } from '@shared/domain'
import { fakeServices } from '../../testing/fakes'
import { createPeopleTagsStore, selectPostTags } from './peopleTagsStore'

const tag = (userId: string, status: PeopleTag['status'] = 'pending'): PeopleTag => ({
  post_id: 'p1',
  position: 0,
  user_id: userId,
  x: 0.5,
  y: 0.5,
  status,
  created_at: '2026-11-20T10:00:00Z',
  profiles: { username: userId }
})

function setup() {
  const services = fakeServices()
  return { services, store: createPeopleTagsStore({ peopleTags: services.peopleTags }) }
}

describe('people tags store', () => {
  it('asks for every post watched in the same tick at once, a post without tags as empty', async () => {
    const { services, store } = setup()
    services.peopleTags.fetch.mockResolvedValue(new Map([['p1', [tag('ana')]]]))
    store.getState().watch(['p1'])
    store.getState().watch(['p2'])
    await vi.waitFor(() => expect(selectPostTags('p1')(store.getState())).toHaveLength(1))
    expect(services.peopleTags.fetch).toHaveBeenCalledTimes(1)
    expect(services.peopleTags.fetch).toHaveBeenCalledWith(['p1', 'p2'])
    expect(store.getState().byPost.get('p2')).toEqual([])
  })

  it('never asks about a brand-new post, and reads it again once tags are added', async () => {
    const { services, store } = setup()
    store.getState().markUntagged(['p1'])
    store.getState().watch(['p1'])
    await Promise.resolve()
    expect(services.peopleTags.fetch).not.toHaveBeenCalled()

    const tags = [{ position: 0, userId: 'ana', x: 0.5, y: 0.5 }]
    services.peopleTags.fetch.mockResolvedValue(new Map([['p1', [tag('ana')]]]))
    await store.getState().add('p1', tags)
    expect(services.peopleTags.add).toHaveBeenCalledWith('p1', tags)
    await vi.waitFor(() => expect(store.getState().byPost.get('p1')).toHaveLength(1))
  })

  it('adds nothing when no one is tagged', async () => {
    const { services, store } = setup()
    await store.getState().add('p1', [])
    expect(services.peopleTags.add).not.toHaveBeenCalled()
  })

  it('approve and remove change the one copy once the server took them', async () => {
    const { services, store } = setup()
    services.peopleTags.fetch.mockResolvedValue(new Map([['p1', [tag('ana'), tag('ben')]]]))
    await store.getState().prefetch(['p1'])
    await store.getState().approve('p1', 'ana')
    expect(services.peopleTags.approve).toHaveBeenCalledWith('p1', 'ana')
    services.peopleTags.remove.mockRejectedValueOnce(new Error('gone'))
    await expect(store.getState().remove('p1', 'ben')).rejects.toThrow('gone')
    expect(
      store
        .getState()
        .byPost.get('p1')
        ?.map((held) => held.status)
    ).toEqual(['approved', 'pending'])
    await store.getState().remove('p1', 'ben')
    expect(
      store
        .getState()
        .byPost.get('p1')
        ?.map((held) => held.user_id)
    ).toEqual(['ana'])
  })
})
