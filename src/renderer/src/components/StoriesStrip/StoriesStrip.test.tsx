import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StoriesStrip } from './StoriesStrip'

describe('StoriesStrip', () => {
  it('shows 8 stories with their usernames', () => {
    render(<StoriesStrip />)
    expect(screen.getAllByRole('listitem')).toHaveLength(8)
  })

  it('draws a grey ring for viewed stories and a gradient ring for the rest', () => {
    const user = { id: 'u', username: 'someone', fullName: 'Some One', avatar: 'data:,' }
    render(
      <StoriesStrip
        stories={[
          { id: 'a', user, hasViewed: false },
          { id: 'b', user: { ...user, username: 'other' }, hasViewed: true }
        ]}
      />
    )
    const [unviewed, viewed] = screen.getAllByTestId('story-ring')
    expect(unviewed).toHaveClass('ring--unviewed')
    expect(viewed).toHaveClass('ring--viewed')
    expect(screen.getByRole('listitem', { name: "other's story, viewed" })).toHaveTextContent(
      'other'
    )
  })
})
