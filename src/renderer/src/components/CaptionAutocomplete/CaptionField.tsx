// A caption's text area with suggestions (docs/product.md, "People tags and caption
// suggestions"): typing @ab lists people whose username starts with "ab", #ca lists hashtags
// with their post counts. Up/Down move through the list, Enter or Tab picks (the token becomes
// "@username " with the caret after it), Escape closes it (and only it: the dialog stays).
// A textarea may not take role="combobox" (ARIA in HTML), so it stays a multiline textbox
// that points at the listbox (aria-controls, aria-activedescendant), as the combobox pattern
// does, and a status line says how many suggestions there are.

import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
  type TextareaHTMLAttributes
} from 'react'
import { replaceToken, tokenAtCaret } from './caretToken'
import { optionId, SuggestionList } from './SuggestionList'
import { useSuggestions } from './useSuggestions'
import styles from './CaptionAutocomplete.module.scss'

export interface CaptionFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  value: string
  onValueChange(value: string): void
  textareaRef?: RefObject<HTMLTextAreaElement | null>
}

export function CaptionField({
  value,
  onValueChange,
  textareaRef,
  onKeyDown,
  ...textareaProps
}: CaptionFieldProps): ReactElement {
  const ownRef = useRef<HTMLTextAreaElement>(null)
  const field = textareaRef ?? ownRef
  const listId = useId()
  const [caret, setCaret] = useState<number | null>(null)
  const [dismissed, setDismissed] = useState(false)
  const [active, setActive] = useState(0)
  const pendingCaret = useRef<number | null>(null)
  const token = caret === null || dismissed ? null : tokenAtCaret(value, caret)
  const suggestions = useSuggestions(token)
  const open = token !== null && suggestions.length > 0
  const current = Math.min(active, suggestions.length - 1)

  // After a pick the new text renders first; the caret then goes after the inserted name.
  useLayoutEffect(() => {
    const at = pendingCaret.current
    if (at === null) return
    pendingCaret.current = null
    field.current?.setSelectionRange(at, at)
  }, [value, field])

  const readCaret = (element: HTMLTextAreaElement): void => {
    setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null)
  }

  const pick = (index: number): void => {
    const chosen = suggestions[index]
    if (!token || !chosen) return
    const next = replaceToken(value, token, chosen.value)
    onValueChange(next.text)
    setActive(0)
    setCaret(next.caret)
    pendingCaret.current = next.caret
  }

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    onKeyDown?.(event)
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((current + step + suggestions.length) % suggestions.length)
        return
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault()
        pick(current)
        return
      }
      if (event.key === 'Escape') {
        // Closes the list only: the dialog around the caption stays open.
        event.preventDefault()
        event.stopPropagation()
        setDismissed(true)
        return
      }
    }
  }

  return (
    <div className={styles.field}>
      <textarea
        {...textareaProps}
        ref={field}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(listId, current) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value)
          setDismissed(false)
          setActive(0)
          readCaret(event.target)
        }}
        onSelect={(event) => readCaret(event.currentTarget)}
        onBlur={() => setCaret(null)}
        onKeyDown={keyDown}
      />
      {open && (
        <SuggestionList
          id={listId}
          label={token.kind === 'mention' ? 'People' : 'Hashtags'}
          suggestions={suggestions}
          active={current}
          onPick={pick}
        />
      )}
      <p className={styles.status} role="status">
        {open ? `${suggestions.length} suggestions, use up and down to choose` : ''}
      </p>
    </div>
  )
}
