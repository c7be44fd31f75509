import { describe, expect, it } from 'vitest'
import { windowTitle, type TitleFacts } from './windowTitle'

const base: TitleFacts = {
  route: { name: 'feed', tab: 'for-you' },
  openPostAuthor: null,
  postOpen: false,
  browsing: null,
  activityOpen: false
}

describe('windowTitle', () => {
  it('names the route: the feed, a profile, its lists, suggestions', () => {
    expect(windowTitle(base)).toBe('Instaframe')
    expect(windowTitle({ ...base, route: { name: 'profile', username: 'ana' } })).toBe(
      'ana • Instaframe'
    )
    expect(
      windowTitle({
        ...base,
        route: { name: 'connections', username: 'ana', direction: 'followers' }
      })
    ).toBe('ana • Instaframe')
    expect(windowTitle({ ...base, route: { name: 'suggestions' } })).toBe(
      'Suggested for you • Instaframe'
    )
  })

  it('names what is in front of the route: an open post, then activity, then a tag or person', () => {
    const everything: TitleFacts = {
      ...base,
      postOpen: true,
      openPostAuthor: 'sam',
      activityOpen: true,
      browsing: { kind: 'tag', tag: 'beach' }
    }
    expect(windowTitle(everything)).toBe('Post by sam • Instaframe')
    expect(windowTitle({ ...everything, openPostAuthor: null })).toBe('Post • Instaframe')
    expect(windowTitle({ ...everything, postOpen: false })).toBe('Notifications • Instaframe')
    expect(windowTitle({ ...everything, postOpen: false, activityOpen: false })).toBe(
      '#beach • Instaframe'
    )
  })
})
