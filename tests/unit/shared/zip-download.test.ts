// An import archive is held to its bounds before anything in it inflates, and each file to its
// declared size while it inflates: zips crafted as an attacker would (a bomb, headers that lie,
// more entries than allowed, a posts list naming one photo thousands of times) are refused with
// the person's message, or cost no more than they declare; real zips read as before.

import { deflateSync, Inflate, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { planInstagramImport } from '../../../src/shared/data/export/instagram-import'
import { inflateEntry, readZipDirectory } from '../../../src/shared/data/export/zip-directory'
import {
  IMPORT_ARCHIVE_MESSAGES,
  zipDownloadFiles
} from '../../../src/shared/data/export/zip-download'
import {
  MAX_IMPORT_ARCHIVE_BYTES,
  MAX_IMPORT_ARCHIVE_ENTRIES,
  MAX_IMPORT_COMPRESSION_RATIO
} from '../../../src/shared/limits'
import { craftZip, deflatedZeros, type CraftedEntry } from '../../support/crafted-zip'

const MB = 1024 * 1024
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value))
const stored = (name: string, data: Uint8Array): CraftedEntry => ({
  name,
  data,
  method: 0,
  size: data.byteLength
})
const postsNaming = (uri: string, times: number): Uint8Array =>
  encode(Array.from({ length: times }, (_, i) => ({ title: `p${i}`, media: [{ uri }] })))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('reading an import zip', () => {
  it('reads names and files of zips as fflate writes them, stored, deflated or streamed', async () => {
    const json = encode([{ media: [{ uri: 'media/a.jpg' }] }])
    const photo = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251)
    const whole = zipSync({
      'content/posts_1.json': json,
      'media/a.jpg': [photo, { level: 0 }],
      'media/': new Uint8Array()
    })
    const files = zipDownloadFiles(whole)
    expect(files.paths().sort()).toEqual(['content/posts_1.json', 'media/a.jpg'])
    expect(await files.read('content/posts_1.json')).toEqual(json)
    expect(await files.read('media/a.jpg')).toEqual(photo)
    expect(await files.read('media/missing.jpg')).toBeNull()

    // As the archive export writes: streamed, sizes after the data, names in UTF-8.
    const chunks: Uint8Array[] = []
    const zip = new Zip((error, chunk) => {
      if (error) throw error
      chunks.push(chunk)
    })
    const deflated = new ZipDeflate('légende.json', { level: 6 })
    zip.add(deflated)
    deflated.push(json, true)
    const passed = new ZipPassThrough('media/a.jpg')
    zip.add(passed)
    passed.push(photo, true)
    zip.end()
    const streamed = zipDownloadFiles(new Uint8Array(Buffer.concat(chunks)))
    expect(await streamed.read('légende.json')).toEqual(json)
    expect(await streamed.read('media/a.jpg')).toEqual(photo)
  })

  it('refuses a zip bomb from its directory, before inflating anything', () => {
    const push = vi.spyOn(Inflate.prototype, 'push')
    const size = 200 * MB
    const bomb = craftZip([
      stored('content/posts_1.json', postsNaming('media/bomb.jpg', 1)),
      { name: 'media/bomb.jpg', data: deflatedZeros(size), method: 8, size }
    ])
    expect(bomb.byteLength).toBeLessThan(size / MAX_IMPORT_COMPRESSION_RATIO)
    expect(() => zipDownloadFiles(bomb)).toThrow(IMPORT_ARCHIVE_MESSAGES.bomb)
    expect(push).not.toHaveBeenCalled()
  })

  it('refuses many small files that add up to a bomb', () => {
    const each = MB // at the floor: no file is asked its own ratio
    const kernel = deflatedZeros(each)
    const entries = Array.from({ length: 200 }, (_, i): CraftedEntry => ({
      name: `media/${i}.jpg`,
      data: kernel,
      method: 8,
      size: each
    }))
    expect(() => zipDownloadFiles(craftZip(entries))).toThrow(IMPORT_ARCHIVE_MESSAGES.bomb)
  })

  it('refuses an archive declaring more than the import’s bytes, whatever the ratio', () => {
    // Past 2 GB in 1 MB files, each honest about its tiny compressed size.
    const count = MAX_IMPORT_ARCHIVE_BYTES / MB + 1
    const entries = Array.from({ length: count }, (_, i): CraftedEntry => ({
      name: `media/${i}.jpg`,
      data: new Uint8Array(1),
      method: 8,
      size: MB
    }))
    expect(() => zipDownloadFiles(craftZip(entries))).toThrow(IMPORT_ARCHIVE_MESSAGES.tooLarge)
  })

  it('refuses a directory that lists too many files before reading their records', () => {
    const one = [stored('a.json', encode([]))]
    expect(() =>
      zipDownloadFiles(craftZip(one, { declaredCount: MAX_IMPORT_ARCHIVE_ENTRIES + 1 }))
    ).toThrow(IMPORT_ARCHIVE_MESSAGES.tooManyFiles)
    expect(() => zipDownloadFiles(craftZip(one, { zip64Count: 10_000_000 }))).toThrow(
      IMPORT_ARCHIVE_MESSAGES.tooManyFiles
    )
    // A zip64 directory within the bound reads as usual.
    expect(zipDownloadFiles(craftZip(one, { zip64Count: 1 })).paths()).toEqual(['a.json'])
  })

  it('stops inflating a file as soon as it passes the size its header declares', async () => {
    const push = vi.spyOn(Inflate.prototype, 'push')
    const real = 64 * MB
    const stream = deflatedZeros(real)
    const liar = craftZip([
      stored('content/posts_1.json', postsNaming('media/liar.jpg', 1)),
      { name: 'media/liar.jpg', data: stream, method: 8, size: 1000 }
    ])
    const files = zipDownloadFiles(liar)
    await expect(files.read('media/liar.jpg')).rejects.toThrow(IMPORT_ARCHIVE_MESSAGES.damaged)
    // One slice of the stream was handed over, not the ~30 the whole would take.
    expect(push).toHaveBeenCalledTimes(1)
    await expect(planInstagramImport(files)).rejects.toThrow(IMPORT_ARCHIVE_MESSAGES.damaged)
  })

  it('refuses files that inflate short of their declared size, or stored ones that differ', () => {
    const short = craftZip([
      { name: 'a.jpg', data: deflatedZeros(500), method: 8, size: 1000 },
      { name: 'b.jpg', data: new Uint8Array(10), method: 0, size: 20 }
    ])
    const [a, b] = readZipDirectory(short, 10)
    expect(() => inflateEntry(short, a)).toThrow(/short of its declared size/)
    expect(() => inflateEntry(short, b)).toThrow(/stored size mismatch/)
    expect(() => zipDownloadFiles(new TextEncoder().encode('not a zip at all'))).toThrow(
      IMPORT_ARCHIVE_MESSAGES.damaged
    )
  })

  it('inflates a photo a posts list names 2,000 times once, not 2,000 times', async () => {
    // Just under the ratio's floor: 1 MB of a "photo" from about 1 KB.
    const photoSize = MB
    const photo = new Uint8Array(photoSize)
    photo.set(JPEG_HEAD)
    const zip = craftZip([
      stored('content/posts_1.json', postsNaming('media/same.jpg', 2000)),
      { name: 'media/same.jpg', data: deflateSync(photo), method: 8, size: photoSize }
    ])
    expect(zip.byteLength).toBeLessThan(200 * 1024)
    const files = zipDownloadFiles(zip)
    const read = vi.spyOn(files, 'read')
    const plan = await planInstagramImport(files)
    expect(plan.posts).toHaveLength(2000)
    expect(read.mock.calls.filter(([path]) => path === 'media/same.jpg')).toHaveLength(1)
    expect(new Set(plan.posts.map((post) => post.photos[0].bytes)).size).toBe(1)
  })
})
