// Attacks on the Storage API with supabase-js and raw HTTP, on PGlite and PostgreSQL, with a
// data folder so the files on disk are checked too. Each refused request must leave the
// database (fingerprinted as the owner) and the storage folder exactly as they were.
// Already proven elsewhere and not repeated here: `..`, %2e%2e, %2f, %5c, `.`, `//` and NUL in
// keys (tests/integration/storage/storage.test.ts "refuses traversal and encoded separators"),
// HTML/SVG/PNG labelled image/jpeg at the byte-sniff level (same file, "refuses duplicates,
// oversize files, disguised non-images and other folders"), and the folder policy at the SQL
// level (tests/integration/db/rls.test.ts "storage: the images bucket").

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { MESSAGES } from '../../../src/shared/messages'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { rawRequest } from '../../support/raw-request'
import {
  GIF_1X1,
  gifClaiming,
  JPEG_3X2,
  jpegClaiming,
  PNG_1X1,
  pngClaiming,
  truncated,
  WEBP_LOSSLESS_3X2,
  WEBP_LOSSY_3X2,
  webpClaiming
} from '../../support/images'
import { fingerprint } from '../../support/attacks'
import { describeEachBackend } from '../../support/database-suite'

const INCOMPLETE = 'The image is incomplete or corrupt'

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort()
  } catch {
    return []
  }
}

describeEachBackend(
  'storage attacks',
  (suite) => {
    let harness: Harness
    let alice: SignedIn
    let bob: SignedIn
    let storageDir: string

    beforeAll(async () => {
      harness = suite.harness
      storageDir = join(harness.dataDir!, 'storage')
      alice = await signUpAndIn(harness, 'st_alice')
      bob = await signUpAndIn(harness, 'st_bob')
    })

    /** Runs `attack` and proves it changed neither a row nor a file. */
    async function unchanged(attack: () => Promise<void>): Promise<void> {
      const rows = await fingerprint(harness.backend.db)
      const files = await filesUnder(harness.dataDir!)
      await attack()
      expect(await fingerprint(harness.backend.db)).toEqual(rows)
      expect(await filesUnder(harness.dataDir!)).toEqual(files)
    }

    it('refuses uploads outside posts/<own id>/ and avatars/<own id>/ with AccessDenied', async () => {
      const bucket = alice.client.storage.from('images')
      for (const key of [
        `posts/${bob.userId}/x.png`,
        `${alice.userId}/x.png`,
        `posts/x.png`,
        `x.png`,
        `avatars/${bob.userId}/x.png`,
        `avatars/x.png`,
        `posts/${alice.userId.toUpperCase()}/x.png`
      ]) {
        await unchanged(async () => {
          const { error } = await bucket.upload(key, PNG_1X1, { contentType: 'image/png' })
          expect(error, key).toMatchObject({ statusCode: '403' })
        })
      }
    })

    it('refuses absolute and drive-letter paths as keys, writing nothing anywhere', async () => {
      const headers = {
        apikey: harness.backend.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'image/png'
      }
      for (const path of [
        '/storage/v1/object/images//etc/passwd',
        '/storage/v1/object/images/%2Fetc%2Fpasswd',
        '/storage/v1/object/images/%2Ftmp%2Fpwned.png',
        '/storage/v1/object/images/C:%5CWindows%5Cpwned.png',
        `/storage/v1/object/images/posts/${alice.userId}/%2F%2E%2E%2F%2E%2E%2Fpwned.png`,
        `/storage/v1/object/images/posts/${alice.userId}/..%2F..%2F..%2Fpwned.png`,
        '/storage/v1/object/%2E%2E/posts/pwned.png',
        '/storage/v1/object/..%2Fimages/pwned.png'
      ]) {
        await unchanged(async () => {
          const result = await rawRequest(harness.backend.url, 'POST', path, headers, PNG_1X1)
          expect(result.status, path).toBe(400)
          expect(['400', '403', '404'], path).toContain(result.body.statusCode)
        })
      }
      // Double-encoded dots decode once, to a literal segment named "%2e%2e": a file name inside
      // the user's own folder, never a parent folder.
      const literal = `posts/${alice.userId}/%252e%252e/inside.png`
      const stored = await rawRequest(
        harness.backend.url,
        'POST',
        `/storage/v1/object/images/${literal}`,
        headers,
        PNG_1X1
      )
      expect(stored.status).toBe(200)
      expect(stored.body).toMatchObject({ Key: `images/posts/${alice.userId}/%2e%2e/inside.png` })
      const files = await filesUnder(harness.dataDir!)
      expect(files.filter((f) => f.endsWith('inside.png'))).toEqual([
        join(storageDir, 'images', 'posts', alice.userId, '%252e%252e', 'inside.png')
      ])
      expect(files.every((f) => f.startsWith(harness.dataDir!))).toBe(true)
    })

    it("refuses to overwrite another user's object with x-upsert, PUT or remove", async () => {
      const key = `posts/${bob.userId}/keep.png`
      expect(
        (await bob.client.storage.from('images').upload(key, PNG_1X1, { contentType: 'image/png' }))
          .error
      ).toBeNull()
      const attacker = alice.client.storage.from('images')
      await unchanged(async () => {
        const upsert = await attacker.upload(key, GIF_1X1, {
          contentType: 'image/gif',
          upsert: true
        })
        expect(upsert.error).toMatchObject({ statusCode: '403' })
        const update = await attacker.update(key, GIF_1X1, { contentType: 'image/gif' })
        expect(update.error).toMatchObject({ statusCode: '403' })
        const removed = await attacker.remove([key])
        expect(removed.data).toEqual([])
        const raw = await rawRequest(
          harness.backend.url,
          'DELETE',
          `/storage/v1/object/images/${key}`,
          { apikey: harness.backend.anonKey, authorization: `Bearer ${alice.accessToken}` }
        )
        expect(raw.body).toMatchObject({ statusCode: '404' })
      })
      const served = await fetch(`${harness.backend.url}/storage/v1/object/public/images/${key}`)
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1)
    })

    it("refuses a post that attaches another user's uploaded photo, however it is spelled", async () => {
      const key = `posts/${bob.userId}/bobs-photo.png`
      await bob.client.storage.from('images').upload(key, PNG_1X1, { contentType: 'image/png' })
      const bobs = bob.client.storage.from('images').getPublicUrl(key).data.publicUrl
      const own = `${harness.backend.url}/storage/v1/object/public/images/posts/${alice.userId}`
      for (const url of [bobs, `${bobs}?${own}/`, `${own}/%2e%2e/${bob.userId}/bobs-photo.png`]) {
        await unchanged(async () => {
          const direct = await alice.client
            .from('posts')
            .insert({ user_id: alice.userId, image_url: url })
          expect(direct.error, url).toMatchObject({ code: '42501' })
          expect(direct.status, url).toBe(403)
          const rpc = await alice.client.rpc('create_post', {
            caption: 'mine now',
            images: [{ image_url: `${own}/a.png` }, { image_url: url }]
          })
          expect(rpc.error, url).toMatchObject({ code: '42501' })
        })
      }
    })

    it("lists another user's folder as nothing, as them and as anon", async () => {
      const key = `posts/${bob.userId}/private-list.png`
      await bob.client.storage.from('images').upload(key, PNG_1X1, { contentType: 'image/png' })
      const mine = await bob.client.storage.from('images').list(`posts/${bob.userId}`)
      expect(mine.data?.map((o) => o.name)).toContain('private-list.png')
      for (const client of [alice.client, harness.anon()]) {
        for (const prefix of [`posts/${bob.userId}`, 'posts', '', `posts/${bob.userId}/`]) {
          const listed = await client.storage.from('images').list(prefix)
          const names = (listed.data ?? []).map((o) => o.name)
          expect(names, prefix).not.toContain('private-list.png')
          expect(names, prefix).not.toContain(bob.userId)
        }
      }
      // Reading is not an attack here: the images bucket is public by design (feed images are
      // served to <img> without a token), so only listing and writing are owner-only.
    })

    it.each([
      ['HTML', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>'), '415'],
      ['SVG with script', 'image/jpeg', Buffer.from('<svg onload="alert(1)"/>'), '415'],
      ['SVG', 'image/svg+xml', Buffer.from('<svg/>'), '415'],
      ['PNG bytes', 'image/jpeg', PNG_1X1, '415'],
      ['JPEG bytes', 'image/png', JPEG_3X2, '415'],
      [
        'a JPEG signature followed by HTML',
        'image/jpeg',
        Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<script>alert(1)</script>')
        ]),
        '422'
      ],
      [
        'a PNG signature followed by HTML',
        'image/png',
        Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('<html><script>alert(1)</script>')]),
        '422'
      ],
      ['HTML', 'text/html', Buffer.from('<html></html>'), '415']
    ])('refuses %s sent as %s (spoofed type)', async (_name, contentType, bytes, statusCode) => {
      for (const body of [bytes, new Blob([bytes], { type: contentType })]) {
        await unchanged(async () => {
          const { error } = await alice.client.storage
            .from('images')
            .upload(`posts/${alice.userId}/spoof-${Date.now()}.jpg`, body, { contentType })
          expect(error).toMatchObject({ statusCode })
        })
      }
    })

    it.each([
      ['PNG without IEND', 'image/png', truncated(PNG_1X1, PNG_1X1.length - 12)],
      ['PNG cut after IHDR', 'image/png', truncated(PNG_1X1, 33)],
      ['PNG cut inside IHDR', 'image/png', truncated(PNG_1X1, 20)],
      ['JPEG without EOI', 'image/jpeg', truncated(JPEG_3X2, JPEG_3X2.length - 2)],
      ['JPEG cut after its frame header', 'image/jpeg', truncated(JPEG_3X2, 180)],
      ['JPEG cut inside its headers', 'image/jpeg', truncated(JPEG_3X2, 100)],
      ['GIF without trailer', 'image/gif', truncated(GIF_1X1, GIF_1X1.length - 1)],
      [
        'WebP shorter than its RIFF size',
        'image/webp',
        truncated(WEBP_LOSSY_3X2, WEBP_LOSSY_3X2.length - 6)
      ]
    ])("refuses a truncated image (%s) with '" + INCOMPLETE + "'", async (_name, type, bytes) => {
      await unchanged(async () => {
        const { error } = await alice.client.storage
          .from('images')
          .upload(`posts/${alice.userId}/cut-${Date.now()}.img`, bytes, { contentType: type })
        expect(error).toMatchObject({ statusCode: '422', message: INCOMPLETE })
      })
    })

    it.each([
      ['PNG', 'image/png', pngClaiming(20000, 20000)],
      ['JPEG', 'image/jpeg', jpegClaiming(20000, 20000)],
      ['GIF', 'image/gif', gifClaiming(20000, 20000)],
      ['WebP', 'image/webp', webpClaiming(20000, 20000)],
      ['WebP (16M per side)', 'image/webp', webpClaiming(1 << 24, 1 << 24)]
    ])(
      "refuses a %s dimension bomb (header claims 20000×20000) with '" +
        MESSAGES.imageTooManyPixels +
        "'",
      async (_name, type, bytes) => {
        expect(bytes.length).toBeLessThan(1024)
        await unchanged(async () => {
          const { error } = await alice.client.storage
            .from('images')
            .upload(`posts/${alice.userId}/bomb-${Date.now()}.img`, bytes, { contentType: type })
          expect(error).toMatchObject({ statusCode: '422', message: MESSAGES.imageTooManyPixels })
        })
      }
    )

    it('still stores whole small images of every accepted format, byte for byte', async () => {
      for (const [type, bytes] of [
        ['image/png', PNG_1X1],
        ['image/jpeg', JPEG_3X2],
        ['image/gif', GIF_1X1],
        ['image/webp', WEBP_LOSSY_3X2],
        ['image/webp', WEBP_LOSSLESS_3X2],
        // Trailing bytes after the end marker are tolerated, as every decoder does.
        ['image/jpeg', Buffer.concat([JPEG_3X2, Buffer.from('trailer')])]
      ] as const) {
        const key = `posts/${alice.userId}/ok-${Math.random().toString(36).slice(2)}`
        const { error } = await alice.client.storage
          .from('images')
          .upload(key, bytes, { contentType: type })
        expect(error, type).toBeNull()
        const file = (await filesUnder(storageDir)).find((f) => f.endsWith(key.split('/').pop()!))
        expect(await readFile(file!)).toEqual(bytes)
      }
    })
  },
  { withDataDir: true }
)
