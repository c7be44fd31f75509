// "Download your information": one zip with the user's records as JSON (your_information/*)
// and every photo at the size it was stored, under media/. Posts are also listed as Instagram
// lists them (content/posts_1.json with media[].uri, creation_timestamp and escaped titles),
// so an archive made here imports back into any account through the Instagram import.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { ExportProgress, ExportSummary } from '../../bridge-contract'
import { IMAGES_BUCKET } from '../../limits'
import { objectPathFromPublicUrl } from '../../storage-path'
import { encodeInstagramText, type InstagramPost } from './instagram-format'
import { readInformationRecords, type InformationRecords } from './information-records'
import { ZipStream, type ZipSink } from './zip-stream'

interface MediaFile {
  /** Where the photo goes in the archive. */
  name: string
  url: string
  modified: Date
}

/** The extension of the stored object ("jpg" for posts/u/p-0.jpg), "jpg" when it has none. */
function extensionOf(url: string): string {
  const match = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(url)
  return match ? match[1].toLowerCase() : 'jpg'
}

function mediaPlan(records: InformationRecords): {
  files: MediaFile[]
  uris: Map<string, string>
} {
  const files: MediaFile[] = []
  const uris = new Map<string, string>()
  const add = (name: string, url: string, when: string): void => {
    files.push({ name, url, modified: new Date(when) })
    uris.set(url, name)
  }
  const avatar = records.profile.avatar_url
  if (typeof avatar === 'string' && avatar) {
    add(`media/profile/avatar.${extensionOf(avatar)}`, avatar, new Date().toISOString())
  }
  for (const post of records.posts) {
    for (const photo of post.post_images) {
      const name = `media/posts/${post.id}-${photo.position}.${extensionOf(photo.image_url)}`
      add(name, photo.image_url, post.created_at)
    }
  }
  for (const story of records.stories) {
    add(
      `media/stories/${story.id}.${extensionOf(story.image_url)}`,
      story.image_url,
      story.created_at
    )
  }
  return { files, uris }
}

const seconds = (iso: string): number => Math.floor(new Date(iso).getTime() / 1000)

/** The posts as Instagram's posts_1.json lists them: newest first, dates in whole seconds. */
function instagramPosts(records: InformationRecords, uris: Map<string, string>): InstagramPost[] {
  return [...records.posts].reverse().map((post) => {
    const timestamp = seconds(post.created_at)
    const title = encodeInstagramText(post.caption ?? '')
    const media = post.post_images.map((photo) => ({
      uri: uris.get(photo.image_url) ?? '',
      creation_timestamp: timestamp,
      title: post.post_images.length === 1 ? title : ''
    }))
    return post.post_images.length === 1
      ? { media }
      : { media, title, creation_timestamp: timestamp }
  })
}

/** Our own records, with each photo's place in the archive next to its URL. */
function ownRecords(
  records: InformationRecords,
  uris: Map<string, string>
): Record<string, unknown> {
  const withFile = <T extends { image_url: string }>(row: T): T & { file: string | null } => ({
    ...row,
    file: uris.get(row.image_url) ?? null
  })
  return {
    'profile.json': records.profile,
    'posts.json': records.posts.map((post) => ({
      ...post,
      post_images: post.post_images.map(withFile)
    })),
    'comments.json': records.comments,
    'likes.json': records.likes,
    'followers.json': records.followers,
    'following.json': records.following,
    'stories.json': records.stories.map(withFile),
    ...(records.messages ? { 'messages.json': records.messages } : {})
  }
}

/** "instaframe-jane-2026-11-26.zip": who and when, so two downloads never look alike. */
export function archiveFileName(username: string | null, now: Date): string {
  return `instaframe-${username ?? 'account'}-${now.toISOString().slice(0, 10)}.zip`
}

export interface ArchiveDeps {
  client: SupabaseClient
  userId: string
  sink: ZipSink
  onProgress?: (progress: ExportProgress) => void
}

/** Writes the whole archive to `sink`; a photo that can no longer be read is listed as missing. */
export async function writeInformationArchive(deps: ArchiveDeps): Promise<ExportSummary> {
  const { client, sink, onProgress } = deps
  onProgress?.({ done: 0, total: 0 })
  const records = await readInformationRecords(client, deps.userId)
  const { files, uris } = mediaPlan(records)
  const total = files.length + 1
  const zip = new ZipStream(sink)
  const now = new Date()

  const bucket = client.storage.from(IMAGES_BUCKET)
  const missing: string[] = []
  for (const [index, file] of files.entries()) {
    const path = objectPathFromPublicUrl(file.url, IMAGES_BUCKET)
    const download = path ? await bucket.download(path) : null
    if (!download || download.error || !download.data) {
      missing.push(file.name)
      uris.delete(file.url)
    } else {
      const bytes = new Uint8Array(await download.data.arrayBuffer())
      await zip.addStored(file.name, bytes, file.modified)
    }
    onProgress?.({ done: index + 1, total })
  }

  for (const [name, value] of Object.entries(ownRecords(records, uris))) {
    await zip.addJson(`your_information/${name}`, value, now)
  }
  if (missing.length > 0) await zip.addJson('your_information/missing_media.json', missing, now)
  await zip.addJson('content/posts_1.json', instagramPosts(records, uris), now)
  await zip.end()
  onProgress?.({ done: total, total })
  return {
    posts: records.posts.length,
    photos: files.length - missing.length,
    missing: missing.length,
    bytes: zip.bytesWritten
  }
}
