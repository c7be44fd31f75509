import { describe, expect, it, vi } from 'vitest'
import { AUTH_CALLBACK_URL, AUTH_LINK_MESSAGES } from '@shared/auth-links'
import type { LinkSessions } from '@shared/data/auth-link'
import type { DeepLink } from '@shared/deep-links'
import { pageLinkEvents, takeMailedLink } from './pageLinks'

const at = (hash: string) => ({ hash, pathname: '/', search: '' })

describe('mailed links in the web build', () => {
  it('takes a fragment /verify wrote off the address, and leaves the router’s hashes alone', () => {
    const error = '#error=access_denied&error_description=Email+link+is+invalid'
    const location = at(error)
    // As the page's own location does, the hash follows replaceState.
    const history = {
      replaceState: vi.fn((_state: unknown, _title: string, url: string) => {
        location.hash = url.slice(url.indexOf('#'))
      })
    }
    expect(takeMailedLink(location, history)).toBe(`${AUTH_CALLBACK_URL}${error}`)
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/#/')
    expect(location.hash).toBe('#/')
    history.replaceState.mockClear()
    expect(takeMailedLink(at('#/p/1234'), history)).toBeNull()
    expect(takeMailedLink(at('#/u/access_token=x'), history)).toBeNull()
    expect(takeMailedLink(at(''), history)).toBeNull()
    expect(history.replaceState).not.toHaveBeenCalled()
  })

  it('completes the link once the renderer listens, and only once', async () => {
    const events = pageLinkEvents(
      `${AUTH_CALLBACK_URL}#error=access_denied&error_description=Expired`,
      Promise.resolve({} as LinkSessions)
    )
    const seen: DeepLink[] = []
    events.onDeepLink((link) => seen.push(link))
    await events.ready()
    await events.ready()
    expect(seen).toEqual([{ ok: false, message: AUTH_LINK_MESSAGES.failed('Expired') }])
  })
})
