import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Post } from '@shared/domain'
import { createHarness, makePost, renderWith, showInFeed, signedIn } from '../../testing/fakes'
import { PostCard } from '../PostCard/PostCard'
import { likesLine } from './useContentControls'

function setup(
  post: Post,
  arrange: (harness: ReturnType<typeof createHarness>) => void = () => {}
) {
  const harness = createHarness({ snapshot: signedIn() })
  arrange(harness)
  showInFeed(harness.stores, [post])
  renderWith(<PostCard postId={post.id} index={0} />, harness)
  return { ...harness, user: userEvent.setup() }
}

const stranger = { username: 'sam', full_name: 'Sam', avatar_url: null }

describe('content controls on a post card', () => {
  it('blurs a sensitive photo with its reason until "See photo"', async () => {
    const post = makePost({
      user_id: 'someone-else',
      caption: 'Surgery day',
      is_sensitive: true,
      sensitive_reason: 'Medical photo',
      profiles: stranger
    })
    const { user, stores } = setup(post)
    const card = screen.getByRole('article', { name: 'Post by sam' })
    expect(within(card).getByText('Sensitive content')).toBeInTheDocument()
    expect(within(card).getByText('Medical photo')).toBeInTheDocument()
    expect(within(card).queryByRole('img', { name: 'Surgery day' })).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'See photo' }))
    expect(within(card).getByRole('img', { name: 'Surgery day' })).toBeInTheDocument()
    // Revealing is not opening the post.
    expect(stores.post.getState().openId).toBeNull()
  })

  it('shows sensitive photos unblurred to someone who chose to see them all', () => {
    const post = makePost({ user_id: 'someone-else', is_sensitive: true, profiles: stranger })
    setup(post, (harness) =>
      harness.stores.controls.setState({
        settings: {
          show_sensitive_media: true,
          hide_like_counts: false,
          hide_offensive_comments: false
        }
      })
    )
    expect(screen.queryByText('Sensitive content')).not.toBeInTheDocument()
  })

  it('hides a post with a muted word behind a placeholder that Show opens', async () => {
    const post = makePost({
      user_id: 'someone-else',
      caption: 'The finale SPOILER inside',
      profiles: stranger
    })
    const { user } = setup(post, (harness) =>
      harness.stores.controls.setState({ words: { mute: ['spoiler'], hide_comments: [] } })
    )
    expect(screen.getByText('Post hidden because it contains a muted word.')).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Post by sam' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByRole('article', { name: 'Post by sam' })).toBeInTheDocument()
  })
})

describe('likesLine', () => {
  const post = { user_id: 'author', likes_count: 12, hide_like_count: false }
  it('keeps the like count when nothing hides it, and always for the author', () => {
    expect(likesLine(post, 'reader', false)).toBe('12 likes')
    expect(likesLine({ ...post, hide_like_count: true }, 'author', true)).toBe('12 likes')
  })
  it('says "Liked by others" when the author or the reader hides counts', () => {
    expect(likesLine({ ...post, hide_like_count: true }, 'reader', false)).toBe('Liked by others')
    expect(likesLine(post, 'reader', true)).toBe('Liked by others')
    expect(likesLine({ ...post, likes_count: 0 }, null, true)).toBeNull()
  })
})
