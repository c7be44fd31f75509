// Hashtags and mentions inside right-to-left text keep their own direction: each link isolates
// itself (dir="auto"), so "#sunset" in an Arabic caption does not read "sunset#".

import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createHarness, renderWith } from '../../testing/fakes'
import { RichText } from './RichText'

describe('RichText in right-to-left text', () => {
  it('isolates each hashtag and mention link', () => {
    renderWith(
      <p dir="rtl">
        <RichText text="غروب #sunset مع @ana_91." />
      </p>,
      createHarness()
    )
    expect(screen.getByRole('link', { name: '#sunset' })).toHaveAttribute('dir', 'auto')
    expect(screen.getByRole('link', { name: '@ana_91' })).toHaveAttribute('dir', 'auto')
  })
})
