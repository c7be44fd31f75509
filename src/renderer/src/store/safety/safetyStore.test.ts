// Block, mute, report, follow requests and moderation: each goes through the safety services,
// the lists follow without a re-read, and a block or mute tells the app to read what it shows
// again.

import { describe, expect, it, vi } from 'vitest'
import { fakeServices } from '../../testing/fakes'
import { createSafetyStore } from './safetyStore'

const person = (id: string) => ({ id, username: id, full_name: null, avatar_url: null })

function setup() {
  const services = fakeServices()
  const onVisibilityChanged = vi.fn()
  const store = createSafetyStore({
    safety: services.safety,
    getUserId: () => 'me',
    onVisibilityChanged
  })
  return { services, store, onVisibilityChanged }
}

describe('safety store', () => {
  it('blocks and unblocks as the signed-in user, and the feeds are read again', async () => {
    const { services, store, onVisibilityChanged } = setup()
    services.safety.fetchBlocked.mockResolvedValue([person('ana'), person('ben')])
    await store.getState().loadBlocked()
    expect(store.getState().status.blocked).toBe('ready')
    await store.getState().block('cy')
    expect(services.safety.block).toHaveBeenCalledWith('me', 'cy')
    await store.getState().unblock('ana')
    expect(services.safety.unblock).toHaveBeenCalledWith('me', 'ana')
    expect(store.getState().blocked.map((listed) => listed.id)).toEqual(['ben'])
    expect(onVisibilityChanged).toHaveBeenCalledTimes(2)
  })

  it('a block the server refuses changes nothing and throws its reason', async () => {
    const { services, store, onVisibilityChanged } = setup()
    services.safety.block.mockRejectedValue(new Error('You cannot block yourself'))
    await expect(store.getState().block('me')).rejects.toThrow('You cannot block yourself')
    expect(onVisibilityChanged).not.toHaveBeenCalled()
  })

  it('a mute reads the mutes again once they are shown', async () => {
    const { services, store } = setup()
    await store.getState().mute('ana', { posts: true, stories: false })
    expect(services.safety.setMute).toHaveBeenCalledWith('me', 'ana', {
      posts: true,
      stories: false
    })
    expect(services.safety.fetchMutes).not.toHaveBeenCalled()
    await store.getState().loadMutes()
    await store.getState().mute('ana', { posts: false, stories: false })
    expect(services.safety.fetchMutes).toHaveBeenCalledTimes(2)
  })

  it('says which list failed and why', async () => {
    const { services, store } = setup()
    services.safety.fetchFollowRequests.mockRejectedValue(new Error('permission denied'))
    await store.getState().loadRequests()
    expect(store.getState().status.requests).toBe('failed')
    expect(store.getState().error).toBe('permission denied')
  })

  it('approves or deletes a follow request, and it leaves the list', async () => {
    const { services, store } = setup()
    services.safety.fetchFollowRequests.mockResolvedValue([person('ana'), person('ben')])
    await store.getState().loadRequests()
    await store.getState().answerRequest('ana', true)
    await store.getState().answerRequest('ben', false)
    expect(services.safety.approveFollowRequest).toHaveBeenCalledWith('ana')
    expect(services.safety.deleteFollowRequest).toHaveBeenCalledWith('ben', 'me')
    expect(store.getState().requests).toEqual([])
  })

  it('reports, and a moderator resolves a report and reads the reports again', async () => {
    const { services, store } = setup()
    await store.getState().report('post', 'p1', 'spam', 'the same link ten times')
    expect(services.safety.report).toHaveBeenCalledWith(
      'post',
      'p1',
      'spam',
      'the same link ten times'
    )
    services.safety.isModerator.mockResolvedValue(true)
    await store.getState().checkModerator()
    expect(store.getState().moderator).toBe(true)
    await store.getState().resolve('r1', 'dismiss')
    expect(services.safety.resolveReport).toHaveBeenCalledWith('r1', 'dismiss')
    expect(services.safety.fetchReports).toHaveBeenCalledTimes(1)
  })

  it('is no moderator when the check fails', async () => {
    const { services, store } = setup()
    store.setState({ moderator: true })
    services.safety.isModerator.mockRejectedValue(new Error('offline'))
    await store.getState().checkModerator()
    expect(store.getState().moderator).toBe(false)
  })
})
