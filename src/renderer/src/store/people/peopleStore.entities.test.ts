import { describe, expect, it, vi } from 'vitest'
import type { Connection, Post, SuggestedPerson } from '@shared/domain'
import { createHarness, deferred, makePost, PROFILE, signedIn } from '../../testing/fakes'

const ANA: SuggestedPerson = {
  id: 'ana-1',
  username: 'ana',
  full_name: 'Ana',
  avatar_url: 'ana.png',
  followers_count: 4,
  followed_by_count: 2
}

describe('people store: one copy of each person', () => {
  it('lists hold ids: suggestions, search results and connections share one copy', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    services.people.fetchSuggestions.mockResolvedValueOnce([ANA])
    services.people.searchPeople.mockResolvedValueOnce([ANA])
    const row: Connection = { ...ANA, followed_at: '2026-01-01T00:00:00Z' }
    services.people.fetchConnections.mockResolvedValueOnce([row])
    await stores.people.getState().loadSuggestions(5)
    await stores.people.getState().searchPeople('an')
    await stores.people.getState().loadConnections(PROFILE.id, 'followers', '')
    const state = stores.people.getState()
    expect(state.suggestions).toEqual([{ id: ANA.id, followed_by_count: 2 }])
    expect(state.search.results).toEqual([ANA.id])
    expect(state.list?.rows).toEqual([{ id: ANA.id, followed_at: row.followed_at }])
    expect(state.byId[ANA.id]).toMatchObject({ username: 'ana', avatar_url: 'ana.png' })
    expect(state.followerCounts[ANA.id]).toBe(4)
  })

  it('a changed person is applied once: their row, their profile page and their posts follow', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    services.people.fetchProfileByUsername.mockResolvedValueOnce({ ...PROFILE, followers_count: 1 })
    const post = makePost({ user_id: PROFILE.id })
    stores.posts.getState().put([post])
    stores.feed.setState({ ids: [post.id] })
    await stores.people.getState().loadProfile(PROFILE.username)
    const renamed = { ...PROFILE, username: 'jane.new', avatar_url: 'new.png' }
    services.people.updateProfile.mockResolvedValueOnce(renamed)

    await stores.people.getState().saveProfile({ username: 'jane.new' }, null)

    const state = stores.people.getState()
    expect(state.byId[PROFILE.id]).toMatchObject({ username: 'jane.new', avatar_url: 'new.png' })
    expect(state.page?.username).toBe('jane.new')
    expect(stores.posts.getState().byId[post.id].profiles).toMatchObject({
      username: 'jane.new',
      avatar_url: 'new.png'
    })
  })

  it('a profile grid read answered after a live count keeps that count', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    const post = makePost({ user_id: PROFILE.id, likes_count: 3 })
    stores.posts.getState().put([post])
    stores.feed.setState({ ids: [post.id] })
    services.people.fetchProfileByUsername.mockResolvedValueOnce(PROFILE)
    const grid = deferred<{ posts: Post[]; next: null }>()
    services.people.fetchProfilePosts.mockReturnValueOnce(grid.promise)
    const loading = stores.people.getState().loadProfile(PROFILE.username)
    await vi.waitFor(() => expect(services.people.fetchProfilePosts).toHaveBeenCalled())
    stores.posts.getState().countersChanged({ ...post, likes_count: 4 })
    grid.resolve({ posts: [post], next: null })
    await loading
    expect(stores.people.getState().page?.ids).toEqual([post.id])
    expect(stores.posts.getState().byId[post.id].likes_count).toBe(4)
  })

  it('forgets everyone on reset', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    services.people.fetchSuggestions.mockResolvedValueOnce([ANA])
    await stores.people.getState().loadSuggestions(5)
    stores.people.getState().reset()
    expect(stores.people.getState().byId).toEqual({})
    expect(stores.people.getState().suggestions).toEqual([])
  })
})
