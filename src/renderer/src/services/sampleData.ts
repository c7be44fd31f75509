// Stories and suggestions are client-only sample data (docs/product.md, "Stories"). A fixed seed
// keeps them the same on every start, so the UI does not reshuffle under the user and tests are
// stable.

import type { SampleUser, Story, Suggestion } from '@shared/domain'
import { STORY_COUNT, STORY_POOL_SIZE, SUGGESTION_COUNT } from '@shared/limits'
import { gradientFor, initialsAvatar } from './avatar'
import { seededRandom } from '@shared/random'

const SAMPLE_PEOPLE: ReadonlyArray<readonly [string, string]> = [
  ['alex.rivera', 'Alex Rivera'],
  ['maya_chen', 'Maya Chen'],
  ['jordan.blake', 'Jordan Blake'],
  ['priya.sharma', 'Priya Sharma'],
  ['liam_oconnor', "Liam O'Connor"],
  ['sofia.rossi', 'Sofia Rossi'],
  ['noah.kim', 'Noah Kim'],
  ['emma_wilson', 'Emma Wilson'],
  ['lucas.martin', 'Lucas Martin'],
  ['aisha.bello', 'Aisha Bello'],
  ['mateo.garcia', 'Mateo Garcia'],
  ['hana.sato', 'Hana Sato'],
  ['oliver.brown', 'Oliver Brown'],
  ['zara_ahmed', 'Zara Ahmed'],
  ['ethan.novak', 'Ethan Novak'],
  ['chloe.dubois', 'Chloe Dubois'],
  ['samuel.okafor', 'Samuel Okafor'],
  ['ines.ferreira', 'Ines Ferreira'],
  ['kai.nakamura', 'Kai Nakamura'],
  ['freya.larsen', 'Freya Larsen']
]

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy
}

export function createSampleUsers(count: number = STORY_POOL_SIZE): SampleUser[] {
  return SAMPLE_PEOPLE.slice(0, count).map(([username, fullName], index) => ({
    id: `sample-${index + 1}`,
    username,
    fullName,
    avatar: initialsAvatar(fullName, username)
  }))
}

export function createStories(seed = 2025, pool: SampleUser[] = createSampleUsers()): Story[] {
  const random = seededRandom(seed)
  return shuffled(pool, random)
    .slice(0, STORY_COUNT)
    .map((user, index) => ({
      id: `story-${index + 1}`,
      user,
      // Unviewed first, as the network orders the tray; about a third already seen.
      hasViewed: index >= STORY_COUNT - Math.round(STORY_COUNT / 3)
    }))
}

export function createSuggestions(
  seed = 7,
  pool: SampleUser[] = createSampleUsers()
): Suggestion[] {
  const random = seededRandom(seed)
  return shuffled(pool, random)
    .slice(0, SUGGESTION_COUNT)
    .map(({ username, fullName, avatar }) => ({ username, fullName, avatar }))
}

/** What the sample people "posted": a scene name per frame, drawn as a picture, not fetched. */
const SAMPLE_SCENES = [
  'Morning coffee',
  'City lights',
  'Weekend hike',
  'Fresh bread',
  'Beach day',
  'Studio session',
  'Night market',
  'First snow'
]

/** A sample story's frames: each a 9:16 gradient picture with its scene's name. */
export function sampleStoryFrames(user: SampleUser): string[] {
  const start = Number(user.id.replace(/\D/g, '')) || 0
  return [0, 1].map((offset) => {
    const scene = SAMPLE_SCENES[(start + offset * 3) % SAMPLE_SCENES.length]
    const [from, to] = gradientFor(`${user.username}:${offset}`)
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1080 1920">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>` +
      `</linearGradient></defs><rect width="1080" height="1920" fill="url(#g)"/>` +
      // A dark band under the words keeps white text readable on light gradients.
      `<rect y="860" width="1080" height="200" fill="rgba(0,0,0,0.35)"/>` +
      `<text x="540" y="960" text-anchor="middle" fill="#fff" ` +
      `font-family="-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" ` +
      `font-size="96" font-weight="700">${scene}</text></svg>`
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  })
}
