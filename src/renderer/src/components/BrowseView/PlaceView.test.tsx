import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createHarness, makePost, renderWith } from '../../testing/fakes'
import { PlaceView } from './PlaceView'

const PLACE_ID = '6f1e0b7c-8d1a-4a57-9a4e-3a1f3c2b1d00'

describe('PlaceView', () => {
  it("shows the place's name, the count the reader can see and its posts", async () => {
    const harness = createHarness()
    const posts = [makePost({ caption: 'Espresso' }), makePost({ caption: 'Croissant' })]
    harness.services.places.summary.mockResolvedValue({
      id: PLACE_ID,
      name: 'Café de Flore',
      latitude: null,
      longitude: null,
      posts: 1234
    })
    harness.services.places.page.mockResolvedValue({ items: posts, next: null })
    renderWith(<PlaceView placeId={PLACE_ID} />, harness)
    expect(await screen.findByRole('heading', { level: 1, name: 'Café de Flore' })).toBeVisible()
    expect(screen.getByText('1,234 posts')).toBeVisible()
    const grid = screen.getByRole('list', { name: 'Posts at Café de Flore' })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says a place that does not exist is not available', async () => {
    const harness = createHarness()
    renderWith(<PlaceView placeId={PLACE_ID} />, harness)
    expect(
      await screen.findByRole('heading', { level: 1, name: "This place isn't available" })
    ).toBeVisible()
    expect(screen.queryByRole('list')).toBeNull()
  })
})
