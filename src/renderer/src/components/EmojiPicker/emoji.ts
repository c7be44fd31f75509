// The emoji the picker offers: the ones people send most, each with the name a screen reader
// says (Unicode's English short name; the catalogs say it as `emojiNames.<emojiKey>`, each
// language's own words for it). A short fixed set keeps the picker small and dependency-free.

export interface Emoji {
  char: string
  name: string
}

export const EMOJI: readonly Emoji[] = [
  { char: '😀', name: 'grinning face' },
  { char: '😂', name: 'face with tears of joy' },
  { char: '😊', name: 'smiling face with smiling eyes' },
  { char: '😍', name: 'smiling face with heart-eyes' },
  { char: '😘', name: 'face blowing a kiss' },
  { char: '😉', name: 'winking face' },
  { char: '😎', name: 'smiling face with sunglasses' },
  { char: '🤩', name: 'star-struck' },
  { char: '🥳', name: 'partying face' },
  { char: '😅', name: 'grinning face with sweat' },
  { char: '🤗', name: 'hugging face' },
  { char: '😇', name: 'smiling face with halo' },
  { char: '🤔', name: 'thinking face' },
  { char: '🙄', name: 'face with rolling eyes' },
  { char: '😮', name: 'face with open mouth' },
  { char: '😴', name: 'sleeping face' },
  { char: '😢', name: 'crying face' },
  { char: '😭', name: 'loudly crying face' },
  { char: '😡', name: 'pouting face' },
  { char: '🥺', name: 'pleading face' },
  { char: '👍', name: 'thumbs up' },
  { char: '👎', name: 'thumbs down' },
  { char: '👏', name: 'clapping hands' },
  { char: '🙌', name: 'raising hands' },
  { char: '🙏', name: 'folded hands' },
  { char: '💪', name: 'flexed biceps' },
  { char: '👋', name: 'waving hand' },
  { char: '🤝', name: 'handshake' },
  { char: '❤️', name: 'red heart' },
  { char: '🧡', name: 'orange heart' },
  { char: '💛', name: 'yellow heart' },
  { char: '💚', name: 'green heart' },
  { char: '💙', name: 'blue heart' },
  { char: '💜', name: 'purple heart' },
  { char: '💔', name: 'broken heart' },
  { char: '🔥', name: 'fire' },
  { char: '✨', name: 'sparkles' },
  { char: '🎉', name: 'party popper' },
  { char: '💯', name: 'hundred points' },
  { char: '⭐', name: 'star' },
  { char: '🌈', name: 'rainbow' },
  { char: '☀️', name: 'sun' },
  { char: '🌸', name: 'cherry blossom' },
  { char: '📷', name: 'camera' },
  { char: '🍕', name: 'pizza' },
  { char: '☕', name: 'hot beverage' },
  { char: '🎂', name: 'birthday cake' },
  { char: '🐶', name: 'dog face' }
]

/** The emoji's catalog key under `emojiNames`: its name in camel case ("starStruck"). */
export function emojiKey(emoji: Emoji): string {
  return emoji.name.replace(/[- ]+(\w)/g, (_, letter: string) => letter.toUpperCase())
}

/** Emoji per row of the picker (the arrow keys move by this much up and down). */
export const EMOJI_COLUMNS = 8
