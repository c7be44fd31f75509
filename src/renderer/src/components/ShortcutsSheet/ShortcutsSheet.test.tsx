import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PHOTO_VIEWER_KEYS } from '../../keyboard/photoViewerKeys'
import { ShortcutsSheet } from './ShortcutsSheet'

describe('ShortcutsSheet', () => {
  it('lists the photo viewer’s keys under their own heading, alternatives on one row', () => {
    render(<ShortcutsSheet onClose={() => undefined} />)
    const heading = screen.getByRole('heading', { name: 'Photo viewer' })
    const list = heading.nextElementSibling as HTMLElement
    const zoomIn = within(list).getByText('Zoom in').closest('div')!
    expect(within(zoomIn).getByText('+')).toBeInTheDocument()
    expect(within(zoomIn).getByText('=')).toBeInTheDocument()
    const descriptions = new Set(PHOTO_VIEWER_KEYS.map((entry) => entry.description))
    expect(within(list).getAllByRole('definition')).toHaveLength(descriptions.size)
  })
})
