// What this folder's checks say when they refuse a request (a person who follows themself, a
// comment that is gone, a fourth pinned post…), in one table beside FAILED (failure.ts): each
// sentence is English word for word and the renderer's catalog key `refusals.<key>`, found back
// from the text by i18n/failures.ts. A slot (`{{max}}`…) is a number the sentence names.

export const REFUSED = {
  signInToFollow: 'Sign in to follow people',
  followSelf: "You can't follow yourself",
  accountUnavailable: "This account isn't available",
  commentGone: 'This comment no longer exists',
  postGone: 'This post no longer exists',
  postUnavailable: "This post isn't available",
  pinLimit: 'You can pin up to 3 posts. Unpin one first.',
  highlightName: 'A highlight name is 1 to {{max}} characters',
  highlightNoStories: 'Choose at least one story for the highlight',
  highlightTooManyStories: 'A highlight can hold at most {{max}} stories',
  usernameFormat:
    'Usernames are 3 to 30 characters: lower-case letters, numbers, dots and underscores, with a letter or number and no dot at either end or two in a row.',
  usernameTaken: 'This username is already taken. Try another.',
  bioTooLong: 'Bio must be at most {{max}} characters',
  captionTooLong: 'Caption must be at most {{max}} characters',
  avatarTooLarge: 'The avatar must be at most {{width}}×{{height}} pixels',
  signInToMessage: 'Sign in to send messages',
  messageEmpty: 'Write something before sending',
  messageTooLong: 'A message can be at most {{max}} characters',
  signInToPost: 'You must be logged in to create a post',
  postAccountSwitched:
    'This post waits for the account that made it: switch back to it to share it.',
  imageInvalid: 'The processed image is invalid',
  notRecovering: 'Open the link or enter the code we emailed you before creating a new password.',
  notInstagramDownload: 'This is not an Instagram data download: it has no content/posts_1.json',
  zipTooManyFiles:
    'This zip lists more than {{files}} files, more than an import reads. Unzip it and choose the folder instead.',
  zipTooLarge:
    'This zip would unpack to more than {{size}}. Unzip it and choose the folder instead.',
  zipBomb:
    'This zip unpacks to over {{ratio}} times its size, as a zip bomb does. Nothing was imported.',
  zipDamaged:
    'This zip is damaged: a file in it is not what its directory says. Nothing was imported.',
  zipUnsupported:
    'This zip uses a compression this app cannot read. Unzip it and choose the folder instead.',
  zipEncrypted: 'This zip is protected by a password. Unzip it and choose the folder instead.'
} as const

/** A sentence of REFUSED, by its key (the catalog's is `refusals.<RefusalKey>`). */
export type RefusalKey = keyof typeof REFUSED

/** A REFUSED sentence with its numbers filled in. */
export function refused(
  key: RefusalKey,
  values: Readonly<Record<string, string | number>> = {}
): string {
  return REFUSED[key].replace(/\{\{(\w+)\}\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot
  )
}
