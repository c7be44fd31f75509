/** Only GIFs and WebPs can move: other photos are shown as they are and never read again. */
export function mayBeAnimated(url: string): boolean {
  return /\.(gif|webp)(?:[?#]|$)/i.test(url)
}
