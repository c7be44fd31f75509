// The extraction test (pseudoLocale.test.tsx) on the last screens that had words of their own:
// the spinner, the suggestions page in each state, the outbox's pending marks, and the controls
// over a photo (an animated photo's play button, the people-tags button and a pending tag).

import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PeopleTag } from '@shared/domain'
import { PlayAnimationButton } from '../components/AnimatedPhoto/PlayAnimationButton'
import type { AnimationHold } from '../components/AnimatedPhoto/useAnimationHold'
import { PeopleTagsLayer } from '../components/PeopleTags/PeopleTagsLayer'
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

  it.each([false, true])(
    'an animated photo’s button and the people tags, playing/shown %s',
    (on) => {
      const harness = createHarness({ snapshot: signedIn() })
      const hold: AnimationHold = {
        pending: false,
        controllable: true,
        playing: on,
        format: 'GIF',
        still: null,
        toggle: () => undefined,
        loaded: () => undefined
      }
      const tag: PeopleTag = {
        post_id: 'post-1',
        position: 0,
        user_id: 'id-bob',
        x: 0.5,
        y: 0.5,
        status: 'pending',
        created_at: '2026-11-26T10:00:00Z',
        profiles: { username: 'bob' }
      }
      renderWith(<PlayAnimationButton hold={hold} />, harness)
      renderWith(
        <PeopleTagsLayer
          tags={[tag]}
          shown={on}
          onToggle={() => undefined}
          photo={null}
          fit="cover"
        />,
        harness
      )
      // The badge shows the file's format, a name in every language.
      expect(englishLeft(document.body, ['GIF'])).toEqual([])
    }
  )
})
