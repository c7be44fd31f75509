// Decoding the next photo before it is shown, so advancing paints it in the same frame instead
// of a blank one: the browser keeps a decoded image for a URL it has just decoded.

const decoded = new Map<string, Promise<void>>()
/** Enough for the stories around the current one; older entries are dropped first. */
const MAX_REMEMBERED = 16

/** Starts loading and decoding `url` once; resolves when it is ready to paint (or failed). */
export function preloadImage(url: string): Promise<void> {
  const known = decoded.get(url)
  if (known) return known
  const image = new Image()
  image.decoding = 'async'
  image.src = url
  // Without decode() (old engines, jsdom) loading alone still fills the cache.
  const decoding = typeof image.decode === 'function' ? image.decode() : Promise.resolve()
  const ready = decoding.catch(() => {
    // A photo that fails here fails in the viewer too, which shows its placeholder then.
    decoded.delete(url)
  })
  decoded.set(url, ready)
  if (decoded.size > MAX_REMEMBERED) decoded.delete(decoded.keys().next().value as string)
  return ready
}
