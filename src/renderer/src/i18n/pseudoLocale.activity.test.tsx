// The extraction test (pseudoLocale.test.tsx) on the activity panel: every kind of line, grouped
// and quoted, a follow with Follow back, a pending tag with Approve and Remove.

import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ActivityPanel } from '../components/ActivityPanel/ActivityPanel'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, makeGroup, renderWith, signedIn } from '../testing/fakes'
import { i18n } from './index'

const person = (username: string) => ({
  id: username,
  username,
  full_name: null,
  avatar_url: null
})

inPseudoLocale()

describe('the pseudo-locale shows no English in activity', () => {
  it('the empty panel', () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.activity.setState({ groups: [], status: 'ready' })
    renderWith(<ActivityPanel />, harness)
    expect(englishLeft()).toEqual([])
  })

  it('a line of every kind', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const types = ['like', 'comment', 'reply', 'mention', 'comment_like', 'follow_request', 'tag']
    const groups = [
      ...types.map((type) =>
        makeGroup({ type: type as 'like', actors: [person('ana')], actor_count: 1 })
      ),
      makeGroup({ type: 'comment', comment_body: 'Nice one', actors: [person('ana')] }),
      makeGroup({ actors: [person('ana'), person('bob')], actor_count: 2 }),
      makeGroup({ actors: [person('ana'), person('bob')], actor_count: 4 }),
      makeGroup({ type: 'follow', post_id: null, actors: [person('bob')] })
    ]
    harness.stores.activity.setState({ groups, status: 'ready' })
    renderWith(<ActivityPanel />, harness)
    await screen.findAllByText(i18n.t('activity.action.like'), { exact: false })
    expect(englishLeft()).toEqual([])
  })
})
