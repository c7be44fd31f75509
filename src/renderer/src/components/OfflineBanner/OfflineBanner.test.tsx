import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@shared/messages'
import { createHarness, renderWith } from '../../testing/fakes'
import { OfflineBanner } from './OfflineBanner'

describe('OfflineBanner', () => {
  it('shows the calm status while offline and goes when the backend answers again', () => {
    const harness = createHarness()
    renderWith(<OfflineBanner />, harness)
    expect(screen.queryByRole('status')).toBeNull()

    act(() => harness.stores.connectivity.getState().reportUnreachable())
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.offlineBanner)

    act(() => harness.stores.connectivity.getState().reportReachable())
    expect(screen.queryByRole('status')).toBeNull()
  })
})
