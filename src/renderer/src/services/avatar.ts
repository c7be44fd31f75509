// Avatars drawn in code: the machine may be offline and sample people have no photos, so each
// gets an SVG data URI with their initials on a gradient picked from their name.

function hashString(value: string): number {
  let hash = 2166136261
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i)
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}

export function initialsOf(name: string): string {
  const words = name.replace(/[._]+/g, ' ').trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const letters = words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[1][0]
  return letters.toUpperCase()
}

/** Two hues a fixed distance apart, so every gradient reads as one colour family. */
export function gradientFor(seed: string): [string, string] {
  const hue = hashString(seed) % 360
  return [`hsl(${hue} 70% 58%)`, `hsl(${(hue + 40) % 360} 75% 45%)`]
}

export function initialsAvatar(name: string, seed: string = name): string {
  const [from, to] = gradientFor(seed)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#g)"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" fill="#fff" ` +
    `font-family="-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" ` +
    `font-size="40" font-weight="600">${initialsOf(name)}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
