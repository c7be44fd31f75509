import { describe, expect, it } from 'vitest'
import {
  DEEP_LINK_MESSAGES,
  MAX_DEEP_LINK_LENGTH,
  deepLinkUrl,
  findDeepLinkArg,
  parseDeepLink
} from '../../../src/shared/deep-links'

const POST_ID = '3f2b8c1e-9a4d-4e7f-8b6a-1c2d3e4f5a6b'

describe('parseDeepLink: valid links', () => {
  it('opens a post by its id', () => {
    expect(parseDeepLink(`instaframe://p/${POST_ID}`)).toEqual({
      ok: true,
      route: { kind: 'post', postId: POST_ID }
    })
  })

  it('opens a profile by username', () => {
    expect(parseDeepLink('instaframe://u/jane.doe_2')).toEqual({
      ok: true,
      route: { kind: 'profile', username: 'jane.doe_2' }
    })
  })

  it('opens a conversation by its thread id', () => {
    expect(parseDeepLink(`instaframe://direct/${POST_ID.toUpperCase()}`)).toEqual({
      ok: true,
      route: { kind: 'direct', threadId: POST_ID }
    })
  })

  it('accepts the scheme, id and username in any case, and one trailing slash', () => {
    expect(parseDeepLink(`INSTAFRAME://p/${POST_ID.toUpperCase()}/`)).toEqual({
      ok: true,
      route: { kind: 'post', postId: POST_ID }
    })
    expect(parseDeepLink('Instaframe://u/Jane/')).toEqual({
      ok: true,
      route: { kind: 'profile', username: 'jane' }
    })
  })

  it('round-trips through deepLinkUrl', () => {
    for (const route of [
      { kind: 'post', postId: POST_ID } as const,
      { kind: 'profile', username: 'ada' } as const,
      { kind: 'direct', threadId: POST_ID } as const
    ]) {
      expect(parseDeepLink(deepLinkUrl(route))).toEqual({ ok: true, route })
    }
  })
})

describe('parseDeepLink: invalid links get a message', () => {
  it.each([
    ['', DEEP_LINK_MESSAGES.empty],
    ['   ', DEEP_LINK_MESSAGES.empty],
    ['instaframe://', DEEP_LINK_MESSAGES.unknown],
    ['instaframe://p', DEEP_LINK_MESSAGES.unknown],
    ['instaframe://p/', DEEP_LINK_MESSAGES.unknown],
    ['instaframe://x/abc', DEEP_LINK_MESSAGES.unknown],
    ['instaframe://p/not-a-uuid', DEEP_LINK_MESSAGES.post],
    [`instaframe://p/${POST_ID.slice(1)}`, DEEP_LINK_MESSAGES.post],
    ['instaframe://p/3f2b8c1e9a4d4e7f8b6a1c2d3e4f5a6b', DEEP_LINK_MESSAGES.post],
    ['instaframe://u/ab', DEEP_LINK_MESSAGES.username],
    ['instaframe://u/' + 'a'.repeat(31), DEEP_LINK_MESSAGES.username],
    ['instaframe://u/jane-doe', DEEP_LINK_MESSAGES.username],
    ['instaframe://direct/inbox', DEEP_LINK_MESSAGES.direct]
  ])('%j', (link, message) => {
    expect(parseDeepLink(link)).toEqual({ ok: false, message })
  })

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { href: 'instaframe://u/jane' }]) {
      expect(parseDeepLink(value)).toEqual({ ok: false, message: DEEP_LINK_MESSAGES.empty })
    }
  })
})

describe('parseDeepLink: hostile links never become a route', () => {
  it.each([
    'https://evil.example/u/jane',
    'file:///etc/passwd',
    'javascript:alert(1)//instaframe://u/jane',
    'instaframe:u/jane',
    'instaframe:/u/jane',
    ' instaframe://u/jane'
  ])('other schemes or shapes: %j', (link) => {
    expect(parseDeepLink(link)).toEqual({ ok: false, message: DEEP_LINK_MESSAGES.scheme })
  })

  it.each([
    'instaframe://u/jane/followers',
    `instaframe://p/${POST_ID}/edit`,
    'instaframe://u/jane//',
    'instaframe:///u/jane',
    'instaframe://u/../p',
    'instaframe://u/..%2F..%2Fetc',
    'instaframe://u/%6A%61%6E%65',
    'instaframe://u/jane?token=abc',
    'instaframe://u/jane#x',
    'instaframe://user:pw@u/jane',
    'instaframe://u\\jane',
    'instaframe://u/jane\n',
    'instaframe://u/ja ne',
    'instaframe://u/jаne' // Cyrillic "а"
  ])('extra segments, encoding, queries and look-alikes: %j', (link) => {
    const result = parseDeepLink(link)
    expect(result.ok).toBe(false)
  })

  it('refuses overlong links before looking at them', () => {
    const link = 'instaframe://u/jane/' + 'x'.repeat(MAX_DEEP_LINK_LENGTH)
    expect(parseDeepLink(link)).toEqual({ ok: false, message: DEEP_LINK_MESSAGES.tooLong })
  })
})

describe('findDeepLinkArg', () => {
  it('finds the link among Chromium switches on Windows and Linux', () => {
    const argv = [
      'C:\\Program Files\\Instaframe\\Instaframe.exe',
      '--allow-file-access-from-files',
      'instaframe://u/jane'
    ]
    expect(findDeepLinkArg(argv)).toBe('instaframe://u/jane')
  })

  it('is null when the app was started without a link', () => {
    expect(findDeepLinkArg(['/usr/bin/instaframe', '--no-sandbox', '.'])).toBeNull()
  })
})
