// Payload shapes for every renderer → main call. They check types and bound sizes only;
// the product's rules (caption length, image type and size) are checked by the handlers so the
// user reads their own messages (docs/product.md, "Create a post") rather than a generic
// "Invalid request".

import { z } from 'zod'
import {
  MAX_CAPTIONS_BYTES,
  MAX_CAROUSEL_PHOTOS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_DIMENSION,
  MAX_PLACEHOLDER_LENGTH,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_DURATION_MS
} from '../../shared/limits'
import { LANGUAGES } from '../../shared/languages'

export const noPayload = z.undefined()

/** One of the languages the app has a catalog for. */
export const languageSchema = z.enum(LANGUAGES)

const text = (max: number): z.ZodString => z.string().max(max)

export const signUpSchema = z.strictObject({
  fullName: text(200),
  username: text(100),
  email: text(320),
  password: text(1024)
})

export const signInSchema = z.strictObject({
  email: text(320),
  password: text(1024)
})

export const emailSchema = text(320)
export const passwordSchema = text(1024)
/** A 6-digit code, with room for spaces a user pasted in. */
const codeSchema = text(20)
export const factorIdSchema = z.uuid()
export const userIdSchema = z.uuid()
/** The post whose upload posts:cancel stops. */
export const postIdSchema = z.uuid()
export const secondFactorCodeSchema = codeSchema
/** A recovery code as typed: `xxxxx-xxxxx`, with room for spaces around it. */
export const recoveryCodeSchema = text(40)

export const emailCodeSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  kind: z.enum(['recovery', 'login'])
})

export const passwordChangeSchema = z.strictObject({
  currentPassword: passwordSchema,
  newPassword: passwordSchema
})

export const twoFactorConfirmationSchema = z.strictObject({
  factorId: factorIdSchema,
  code: codeSchema
})

/** The native dialog for one file, or several (a post). */
export const imagePickSchema = z.strictObject({ multiple: z.boolean() })

export const imageFileSchema = z.strictObject({
  name: text(1024),
  type: text(255),
  // A hard cap on what crosses IPC; the 10 MB rule itself is checked with its own message.
  bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= MAX_IMAGE_BYTES * 2, {
    message: 'image too large to transfer'
  })
})

/** A converted clip: capped here; its container, size and length get their messages later. */
const postVideoSchema = z.strictObject({
  file: z.strictObject({
    name: text(1024),
    type: text(255),
    bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= MAX_VIDEO_BYTES * 2, {
      message: 'video too large to transfer'
    })
  }),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(MAX_VIDEO_DURATION_MS * 2),
  // Checked as WebVTT (size in bytes, cues) by the post pipeline; bounded here for transfer.
  captions: z.string().max(MAX_CAPTIONS_BYTES).optional()
})

const dimension = z.number().int().min(1).max(MAX_IMAGE_DIMENSION)

/** What the renderer's image pipeline adds; createPost checks the thumbnail's bytes again. */
export const renditionsSchema = z.strictObject({
  thumbnail: imageFileSchema,
  width: dimension,
  height: dimension,
  placeholder: text(MAX_PLACEHOLDER_LENGTH + 2).nullable()
})

/** Up to a dozen photos cross, so eleven reach the handler and get its clear message. */
/** A client-chosen post id: checked again by the data layer, bounded here. */
const postId = z.uuid().optional()

export const createPostSchema = z.strictObject({
  id: postId,
  // Bounded before trimming so a huge string is refused before any work.
  caption: text(10_000),
  location: text(10_000).optional(),
  photos: z
    .array(
      z.strictObject({
        image: imageFileSchema,
        altText: text(10_000),
        renditions: renditionsSchema.optional(),
        video: postVideoSchema.optional()
      })
    )
    .max(12),
  // An imported post's date; import_post refuses one in the future or before 2010-10-06.
  takenAt: z.iso.datetime({ offset: true }).optional(),
  authorId: z.uuid().optional()
})

/** Photos main read for the page (app:open-files): bounded like a carousel's upload. */
export const openedFilesSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    images: z.array(imageFileSchema).min(1).max(MAX_CAROUSEL_PHOTOS)
  }),
  z.strictObject({ ok: z.literal(false), message: text(500) })
])
