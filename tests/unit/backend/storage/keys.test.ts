import { describe, expect, it } from 'vitest'
import { diskName, parseObjectKey, storedKeySegments } from '../../../../src/backend/storage/keys'

const parse = (path: string): string => parseObjectKey(path.split('/'))

describe('object keys', () => {
  it('decodes per segment', () => {
    expect(parse('posts/u1/a%20b.png')).toBe('posts/u1/a b.png')
    expect(parse('posts/u1/caf%C3%A9.png')).toBe('posts/u1/café.png')
    expect(parse("posts/u1/it's (1).png")).toBe("posts/u1/it's (1).png")
  })

  it.each([
    'posts/u1/../x.png',
    'posts/u1/%2e%2e/x.png',
    'posts/u1/%2E%2E/x.png',
    'posts/u1/./x.png',
    'posts/u1/a%2fb.png',
    'posts/u1/a%2Fb.png',
    'posts/u1/a%5cb.png',
    'posts/u1/a\\b.png',
    'posts//x.png',
    '/posts/x.png',
    'posts/%20/x.png',
    'posts/u1/%00.png',
    'posts/u1/%0a.png',
    'posts/u1/%zz.png'
  ])('refuses %s with InvalidKey', (path) => {
    expect(() => parse(path)).toThrow(
      expect.objectContaining({ code: 'InvalidKey', statusCode: '400' })
    )
  })

  it('refuses keys longer than 1024 characters', () => {
    expect(() => parse(`a/${'b'.repeat(1030)}`)).toThrow(
      expect.objectContaining({ code: 'InvalidKey' })
    )
  })

  it('spells every segment as a safe file name', () => {
    expect(diskName('1700000000-abc.png')).toBe('1700000000-abc.png')
    expect(diskName('a b')).toBe('a%20b')
    expect(diskName('.hidden')).toBe('%2Ehidden')
    expect(diskName('trailing.')).toBe('trailing%2E')
    expect(diskName('CON')).toBe('%43ON')
    expect(diskName('nul.txt')).toBe('%6Eul.txt')
    expect(diskName('a:b*c?')).toBe('a%3Ab%2Ac%3F')
    expect(diskName('100%')).toBe('100%25')
  })

  it('checks keys read back from the database', () => {
    expect(storedKeySegments('posts/u/a.png')).toEqual(['posts', 'u', 'a.png'])
    expect(storedKeySegments('posts/../a.png')).toBeNull()
    expect(storedKeySegments('posts//a.png')).toBeNull()
  })
})
