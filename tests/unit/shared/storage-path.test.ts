import { describe, expect, it } from 'vitest'
import {
  objectPathFromPublicUrl,
  postImagePath,
  postPhotoPath,
  postThumbnailPath,
  resolveStorageUrl
} from '../../../src/shared/storage-path'

describe('postImagePath', () => {
  it('follows posts/{userId}/{timestamp}-{random}.{extension}', () => {
    const path = postImagePath('u-1', 'image/jpeg', 1_700_000_000_000, () => 0.5)
    expect(path).toBe('posts/u-1/1700000000000-ssssssssss.jpg')
  })

  it('uses the extension of the sniffed type', () => {
    expect(postImagePath('u', 'image/webp')).toMatch(/^posts\/u\/\d+-[a-z0-9]{10}\.webp$/)
  })
})

describe('objectPathFromPublicUrl', () => {
  it('reads the object path back from a public URL', () => {
    const url = 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/u/1-a%20b.png?x=1'
    expect(objectPathFromPublicUrl(url, 'images')).toBe('posts/u/1-a b.png')
  })

  it('returns null for URLs of other buckets or hosts', () => {
    expect(objectPathFromPublicUrl('https://example.com/a.png', 'images')).toBeNull()
  })
})

describe('postThumbnailPath', () => {
  it('puts the grid thumbnail next to its feed image, with its own extension', () => {
    expect(postThumbnailPath('posts/u1/1700000000000-abcdefghij.webp', 'image/webp')).toBe(
      'posts/u1/1700000000000-abcdefghij-thumb.webp'
    )
    expect(postThumbnailPath('posts/u1/1-abc.gif', 'image/jpeg')).toBe('posts/u1/1-abc-thumb.jpg')
  })
})

describe('resolveStorageUrl', () => {
  const stored = 'http://127.0.0.1:40001/storage/v1/object/public/images/posts/u/1-a.png'
  const path = '/storage/v1/object/public/images/posts/u/1-a.png'

  it('resolves a stored path onto the storage of the backend in use', () => {
    expect(
      resolveStorageUrl(path, 'https://abc.supabase.co/storage/v1/object/public/images/x')
    ).toBe(`https://abc.supabase.co${path}`)
    // A backend behind a path prefix keeps it.
    expect(
      resolveStorageUrl(path, 'https://example.com/api/storage/v1/object/public/images/x')
    ).toBe(`https://example.com/api${path}`)
    expect(resolveStorageUrl(path, 'http://127.0.0.1:52000')).toBe(`http://127.0.0.1:52000${path}`)
  })

  it('moves a local public URL onto the local backend in use now', () => {
    expect(
      resolveStorageUrl(stored, 'http://127.0.0.1:52000/storage/v1/object/public/images/x')
    ).toBe('http://127.0.0.1:52000/storage/v1/object/public/images/posts/u/1-a.png')
    expect(resolveStorageUrl(stored, 'http://localhost:52000')).toBe(
      'http://localhost:52000/storage/v1/object/public/images/posts/u/1-a.png'
    )
  })

  it('leaves hosted URLs, other paths and hosted backends alone', () => {
    const hosted = 'https://abc.supabase.co/storage/v1/object/public/images/posts/u/1-a.png'
    expect(resolveStorageUrl(hosted, 'http://127.0.0.1:52000')).toBe(hosted)
    expect(resolveStorageUrl(stored, 'https://abc.supabase.co')).toBe(stored)
    const other = 'http://127.0.0.1:40001/elsewhere/a.png'
    expect(resolveStorageUrl(other, 'http://127.0.0.1:52000')).toBe(other)
    expect(resolveStorageUrl('not a url', 'http://127.0.0.1:52000')).toBe('not a url')
  })
})

describe('postPhotoPath', () => {
  it('derives the same path from the same post id and position, so a retry finds its upload', () => {
    const id = '0b7e3c52-9a4f-4d7e-8a55-0f3e1c2b4a69'
    expect(postPhotoPath('u-1', id, 2, 'image/webp')).toBe(`posts/u-1/${id}-2.webp`)
    expect(postPhotoPath('u-1', id, 2, 'image/webp')).toBe(
      postPhotoPath('u-1', id, 2, 'image/webp')
    )
    expect(postThumbnailPath(postPhotoPath('u-1', id, 0, 'image/png'), 'image/webp')).toBe(
      `posts/u-1/${id}-0-thumb.webp`
    )
  })
})
