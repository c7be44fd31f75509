// j/k (and ↓/↑) move the keyboard focus between the posts on screen; l, c and s press the
// focused post's own Like, Comment and Save buttons (c in an open post goes to its comment box),
// and Enter opens it as a click on its time does. Working on the rendered cards rather than on
// store state means the keys do exactly what the buttons do, wherever the list of posts comes
// from.

/** The posts a key can move between: the cards in the page's main region, in reading order. */
const POSTS_SELECTOR = 'main article'

export type FocusDirection = 'next' | 'previous'

function focusedPost(root: ParentNode): HTMLElement | null {
  const active = document.activeElement
  if (!active) return null
  const posts = [...root.querySelectorAll<HTMLElement>(POSTS_SELECTOR)]
  return posts.find((post) => post === active || post.contains(active)) ?? null
}

/**
 * Focuses the next or previous post (the first one when none has focus). Returns whether focus
 * moved, so the caller leaves the key alone at either end.
 */
export function movePostFocus(direction: FocusDirection, root: ParentNode = document): boolean {
  const posts = [...root.querySelectorAll<HTMLElement>(POSTS_SELECTOR)]
  if (posts.length === 0) return false
  const current = focusedPost(root)
  const index = current ? posts.indexOf(current) : -1
  const target = index === -1 ? posts[0] : posts[direction === 'next' ? index + 1 : index - 1]
  if (!target) return false
  // Cards are not in the tab order (their buttons are); they take focus only from these keys.
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus()
  target.scrollIntoView?.({ block: 'nearest' })
  return true
}

/** Presses a button of the focused post; false when no post has focus or the button is busy. */
function pressInFocusedPost(selector: string, root: ParentNode): boolean {
  const button = focusedPost(root)?.querySelector<HTMLButtonElement>(selector)
  if (!button || button.disabled) return false
  button.click()
  return true
}

/** Presses the focused post's Like (or Unlike) button; false when no post has focus. */
export function likeFocusedPost(root: ParentNode = document): boolean {
  return pressInFocusedPost('button[aria-label="Like"], button[aria-label="Unlike"]', root)
}

/**
 * Puts the caret in the open post's comment box; else presses the focused card's Comment
 * button, which opens its post with the caret in the box.
 */
export function commentOnFocusedPost(root: ParentNode = document): boolean {
  const box = root.querySelector<HTMLTextAreaElement>('[role="dialog"] form textarea')
  if (box && !box.disabled) {
    box.focus()
    return true
  }
  return pressInFocusedPost('button[aria-label="Comment"]', root)
}

/** Presses the focused post's Save (or Remove from saved) button. */
export function saveFocusedPost(root: ParentNode = document): boolean {
  return pressInFocusedPost(
    'button[aria-label="Save"], button[aria-label="Remove from saved"]',
    root
  )
}

/**
 * Opens the focused post, only when the card itself has focus: Enter on one of its buttons or
 * links is that control's own.
 */
export function openFocusedPost(root: ParentNode = document): boolean {
  const post = focusedPost(root)
  if (!post || document.activeElement !== post) return false
  // The card marks what a click opens the post with (its time).
  const opener = post.querySelector<HTMLElement>('[data-open-post]')
  if (!opener) return false
  opener.click()
  return true
}
