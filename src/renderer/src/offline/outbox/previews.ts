// What a queued action looks like before the server has it: a new post built from its own
// bytes (object URLs, made once per post and freed when it is sent or dropped), and a comment
// with its author. Lists show these with a pending marker until the real row replaces them.

import type { CreatePostInput } from '@shared/bridge-contract'
import type { Comment, Post, PostAuthor, PostImage } from '@shared/domain'

const objectUrls = new Map<string, string[]>()

function urlFor(postId: string, bytes: Uint8Array, type: string): string {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }))
  objectUrls.set(postId, [...(objectUrls.get(postId) ?? []), url])
  return url
}

/** Frees the preview's images once the real post (or nothing) has replaced it. */
export function releasePreview(postId: string): void {
  for (const url of objectUrls.get(postId) ?? []) URL.revokeObjectURL(url)
  objectUrls.delete(postId)
}

const previews = new Map<string, Post>()

/** The post as it will look once sent, the same object for the same queued post. */
export function previewPost(
  input: CreatePostInput & { id: string },
  userId: string,
  author: PostAuthor | null,
  queuedAt: number
): Post {
  const known = previews.get(input.id)
  if (known) return known
  const images: PostImage[] = input.photos.map((photo, position) => ({
    post_id: input.id,
    position,
    image_url: urlFor(input.id, photo.image.bytes, photo.image.type),
    thumb_url: photo.renditions
      ? urlFor(input.id, photo.renditions.thumbnail.bytes, photo.renditions.thumbnail.type)
      : null,
    width: photo.renditions?.width ?? null,
    height: photo.renditions?.height ?? null,
    placeholder: photo.renditions?.placeholder ?? null,
    alt_text: photo.altText.trim() || null
  }))
  const first = images[0]
  const post: Post = {
    id: input.id,
    user_id: userId,
    image_url: first?.image_url ?? '',
    thumb_url: first?.thumb_url ?? null,
    width: first?.width ?? null,
    height: first?.height ?? null,
    placeholder: first?.placeholder ?? null,
    alt_text: first?.alt_text ?? null,
    caption: input.caption.trim() || null,
    location: input.location?.trim() || null,
    likes_count: 0,
    comments_count: 0,
    created_at: new Date(queuedAt).toISOString(),
    image_count: images.length,
    post_images: images,
    profiles: author
  }
  previews.set(input.id, post)
  return post
}

/** True for a queued post's stand-in, which must not be saved as if the server had sent it. */
export function isPreviewPost(postId: string): boolean {
  return previews.has(postId)
}

/** Forgets a preview (and frees its images) once the post was sent or dropped. */
export function forgetPreview(postId: string): void {
  previews.delete(postId)
  releasePreview(postId)
}

/** A comment as it shows while queued. */
export function previewComment(
  action: { id: string; postId: string; body: string; parentId: string | null },
  userId: string,
  author: PostAuthor | null,
  queuedAt: number
): Comment {
  return {
    id: action.id,
    post_id: action.postId,
    user_id: userId,
    parent_id: action.parentId,
    body: action.body.trim(),
    created_at: new Date(queuedAt).toISOString(),
    likes_count: 0,
    profiles: author
  }
}
