// Reading an Instagram data download: Instagram's escaped text, both folder layouts, split
// posts lists, and every reason a file is left out of the import.

import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  decodeInstagramText,
  encodeInstagramText
} from '../../../src/shared/data/export/instagram-format'
import {
  NOT_AN_INSTAGRAM_DOWNLOAD,
  planInstagramImport,
  type DownloadFiles
} from '../../../src/shared/data/export/instagram-import'
import { zipDownloadFiles } from '../../../src/shared/data/export/zip-download'

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value))

function folder(files: Record<string, Uint8Array>): DownloadFiles {
  return { paths: () => Object.keys(files), read: async (path) => files[path] ?? null }
}

describe('Instagram text', () => {
  it('decodes the escaped UTF-8 Instagram writes, accents and emoji included', () => {
    expect(decodeInstagramText('cafÃ© \u00f0\u009f\u008c\u0085')).toBe('café 🌅')
    expect(decodeInstagramText(encodeInstagramText('Zürich ☕ 東京'))).toBe('Zürich ☕ 東京')
  })

  it('leaves text that is not escaped as it is', () => {
    expect(decodeInstagramText('café')).toBe('café')
    expect(decodeInstagramText('東京')).toBe('東京')
  })
})

describe('planInstagramImport', () => {
  it('takes a location only from an archive made here, never from Instagram’s metadata', async () => {
    // As Instagram writes a photo: camera and EXIF metadata, GPS at most, no place name.
    const instagram = {
      media: [
        {
          uri: 'media/posts/a-0.jpg',
          title: 'Harbour',
          creation_timestamp: 1700000000,
          media_metadata: { photo_metadata: { exif_data: [{ latitude: 38.7, longitude: -9.1 }] } }
        }
      ]
    }
    const files = {
      'content/posts_1.json': encode([instagram]),
      'media/posts/a-0.jpg': JPEG
    }
    const [plain] = (await planInstagramImport(folder(files))).posts
    expect(plain.caption).toBe('Harbour')
    expect(plain).not.toHaveProperty('location')

    const archived = await planInstagramImport(
      folder({
        ...files,
        'your_information/posts.json': encode([
          { location: 'Lisbon', post_images: [{ file: 'media/posts/a-0.jpg' }] }
        ])
      })
    )
    expect(archived.posts[0].location).toBe('Lisbon')
  })

  it('keeps the download’s order for posts of the same second (newest first)', async () => {
    const post = (title: string, second: number): unknown => ({
      title,
      creation_timestamp: second,
      media: [{ uri: `media/${title}.jpg` }]
    })
    const plan = await planInstagramImport(
      folder({
        'content/posts_1.json': encode([
          post('third', 1700000001),
          post('second', 1700000000),
          post('first', 1700000000),
          post('alone', 1600000000)
        ]),
        'media/third.jpg': JPEG,
        'media/second.jpg': JPEG,
        'media/first.jpg': JPEG,
        'media/alone.jpg': JPEG
      })
    )
    expect(plan.posts.map(({ caption, takenAt }) => [caption, takenAt])).toEqual([
      ['third', '2023-11-14T22:13:21.000Z'],
      ['second', '2023-11-14T22:13:20.001Z'],
      ['first', '2023-11-14T22:13:20.000Z'],
      ['alone', '2020-09-13T12:26:40.000Z']
    ])
  })

  it('reads the newer layout inside a top folder, keeping captions, dates and photo order', async () => {
    const root = 'instagram-jane-2024/'
    const plan = await planInstagramImport(
      folder({
        [`${root}your_instagram_activity/content/posts_1.json`]: encode([
          {
            media: [
              { uri: 'media/posts/201603/a.jpg', creation_timestamp: 1457067967, title: 'Ã©tÃ©' }
            ]
          },
          {
            title: 'two',
            creation_timestamp: 1500000000,
            media: [{ uri: 'media/posts/b.jpg' }, { uri: 'media/posts/c.jpg' }]
          }
        ]),
        [`${root}media/posts/201603/a.jpg`]: JPEG,
        [`${root}media/posts/b.jpg`]: JPEG,
        [`${root}media/posts/c.jpg`]: JPEG
      })
    )
    expect(plan.skipped).toEqual([])
    expect(
      plan.posts.map(({ caption, takenAt, photos }) => [caption, takenAt, photos.length])
    ).toEqual([
      ['été', '2016-03-04T05:06:07.000Z', 1],
      ['two', '2017-07-14T02:40:00.000Z', 2]
    ])
    expect(plan.posts[1].photos.map((p) => p.uri)).toEqual([
      'media/posts/b.jpg',
      'media/posts/c.jpg'
    ])
  })

  it('skips videos, missing files, non-images, long captions and photos past ten, and says so', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ uri: `m/${i}.jpg` }))
    const files: Record<string, Uint8Array> = {
      'content/posts_1.json': encode([
        { title: 'clip', media: [{ uri: 'm/clip.mp4' }] },
        { title: 'gone', media: [{ uri: 'm/gone.jpg' }] },
        { title: 'text', media: [{ uri: 'm/notes.jpg' }] },
        { title: 'x'.repeat(501), media: [{ uri: 'm/0.jpg' }] },
        { title: 'eleven', media: many }
      ]),
      'm/notes.jpg': new TextEncoder().encode('not a photo')
    }
    for (let i = 0; i < 11; i++) files[`m/${i}.jpg`] = JPEG
    const plan = await planInstagramImport(folder(files))
    expect(plan.skipped).toEqual([
      { uri: 'm/clip.mp4', reason: 'video' },
      { uri: 'm/gone.jpg', reason: 'missing' },
      { uri: 'm/notes.jpg', reason: 'not-an-image' },
      { uri: 'm/0.jpg', reason: 'caption-too-long' },
      { uri: 'm/10.jpg', reason: 'too-many' }
    ])
    expect(plan.posts.map((post) => [post.caption, post.photos.length])).toEqual([['eleven', 10]])
  })

  it('reads split lists in order and a zip as well as a folder', async () => {
    const zip = zipSync({
      'content/posts_2.json': encode([{ title: 'second', media: [{ uri: 'b.jpg' }] }]),
      'content/posts_1.json': encode([{ title: 'first', media: [{ uri: 'a.jpg' }] }]),
      'a.jpg': JPEG,
      'b.jpg': JPEG
    })
    const plan = await planInstagramImport(zipDownloadFiles(zip))
    expect(plan.posts.map((post) => post.caption)).toEqual(['first', 'second'])
  })

  it('refuses a download without a posts list', async () => {
    await expect(planInstagramImport(folder({ 'photo.jpg': JPEG }))).rejects.toThrow(
      NOT_AN_INSTAGRAM_DOWNLOAD
    )
  })
})
