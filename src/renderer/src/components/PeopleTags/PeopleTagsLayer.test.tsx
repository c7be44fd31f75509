import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PeopleTag, Post } from '@shared/domain'
import { createHarness, makePost, renderWith, signedIn, showInFeed } from '../../testing/fakes'
import { PostCard } from '../PostCard/PostCard'

function tagOf(post: Post, username: string, overrides: Partial<PeopleTag> = {}): PeopleTag {
  return {
    post_id: post.id,
    position: 0,
    user_id: `id-${username}`,
    x: 0.25,
    y: 0.75,
    status: 'approved',
    created_at: '2026-11-26T10:00:00Z',
    profiles: { username },
    ...overrides
  }
}

function setup(post: Post, tags: PeopleTag[]) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.peopleTags.fetch.mockResolvedValue(new Map([[post.id, tags]]))
  showInFeed(harness.stores, [post])
  renderWith(<PostCard postId={post.id} index={0} />, harness)
  return { ...harness, user: userEvent.setup() }
}

describe('people tags on a card', () => {
  it('asks once for the card’s tags and shows a person button on a tagged photo', async () => {
    const post = makePost({ width: 800, height: 800 })
    const { services } = setup(post, [tagOf(post, 'bob'), tagOf(post, 'cy')])
    expect(await screen.findByRole('button', { name: 'Show tagged people (2)' })).toHaveAttribute(
      'aria-pressed',
      'false'
    )
    expect(services.peopleTags.fetch).toHaveBeenCalledTimes(1)
    expect(services.peopleTags.fetch).toHaveBeenCalledWith([post.id])
    expect(screen.queryByRole('link', { name: 'bob' })).not.toBeInTheDocument()
  })

  it('shows each username at its point, linking to the profile, and hides them again', async () => {
    const post = makePost({ width: 800, height: 800 })
    const { user } = setup(post, [tagOf(post, 'bob')])
    await user.click(await screen.findByRole('button', { name: 'Show tagged people (1)' }))
    const link = screen.getByRole('link', { name: 'bob' })
    expect(link).toHaveAttribute('href', '#/u/bob')
    const layer = screen.getByTestId('people-tags')
    expect(within(layer).getByRole('button', { name: 'Hide tagged people' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    await user.click(screen.getByRole('button', { name: 'Hide tagged people' }))
    expect(screen.queryByRole('link', { name: 'bob' })).not.toBeInTheDocument()
  })

  it('a click on the photo shows the names too', async () => {
    const post = makePost({ width: 800, height: 800, caption: 'Beach' })
    const { user } = setup(post, [tagOf(post, 'bob')])
    await screen.findByRole('button', { name: 'Show tagged people (1)' })
    await user.click(screen.getByRole('img', { name: 'Beach' }))
    expect(screen.getByRole('link', { name: 'bob' })).toBeInTheDocument()
  })

  it('marks a pending tag, and a photo without tags has no button', async () => {
    const post = makePost()
    const { stores } = setup(post, [tagOf(post, 'bob', { status: 'pending' })])
    await waitFor(() => expect(stores.peopleTags.getState().byPost.get(post.id)).toHaveLength(1))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show tagged people (1)' }))
    expect(screen.getByText('(pending)')).toBeInTheDocument()
    await stores.peopleTags.getState().remove(post.id, 'id-bob')
    expect(screen.queryByRole('button', { name: /tagged people/ })).not.toBeInTheDocument()
  })
})
