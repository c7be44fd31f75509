// The extraction test (pseudoLocale.test.tsx) on the last screens that had words of their own:
// the spinner, the suggestions page in each state and the outbox's pending marks.

import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PendingClock, PendingPostNote } from '../components/PendingMarker/PendingMarker'
import { Spinner } from '../components/Spinner/Spinner'
import { SuggestionsPage } from '../components/SuggestionsPage/SuggestionsPage'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, renderWith, signedIn } from '../testing/fakes'

inPseudoLocale()

describe('the pseudo-locale shows no English on the last converted screens', () => {
  it('the spinner and the pending marks', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<Spinner />, harness)
    renderWith(<PendingPostNote />, harness)
    renderWith(<PendingClock />, harness)
    expect(englishLeft()).toEqual([])
  })

  it.each(['loading', 'ready', 'failed'] as const)('the suggestions page, %s', (status) => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SuggestionsPage />, harness)
    act(() => harness.stores.people.setState({ suggestions: [], suggestionsStatus: status }))
    expect(englishLeft()).toEqual([])
  })
})
