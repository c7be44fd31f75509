// The composer's emoji picker, by keyboard as a screen-reader user would: it opens on the
// first emoji, the arrows move through the grid, Enter puts the emoji at the caret, Escape closes
// it and gives focus back to its button. Each emoji is named in the reader's language.

import { fireEvent, render, screen } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { applyLanguage, i18n, PSEUDO_LANGUAGE } from '../../i18n'
import en from '../../i18n/locales/en.json'
import { englishLeft } from '../../testing/englishLeft'
import { EMOJI, EMOJI_COLUMNS, emojiKey } from './emoji'
import { EmojiPicker } from './EmojiPicker'

function Field(): ReactElement {
  const [text, setText] = useState('hi ')
  return (
    <>
      <EmojiPicker onPick={(emoji) => setText((current) => current + emoji)} />
      <output aria-label="Text">{text}</output>
    </>
  )
}

describe('EmojiPicker', () => {
  it('is operated by keyboard: open, move, pick, close', () => {
    render(<Field />)
    const toggle = screen.getByRole('button', { name: 'Emoji' })
    const press = (key: string): boolean => fireEvent.keyDown(document.activeElement!, { key })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    toggle.focus()
    // Enter on a button is its click.
    fireEvent.click(toggle)
    expect(screen.getByRole('dialog', { name: 'Choose an emoji' })).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: EMOJI[0].name })).toHaveFocus()

    press('ArrowRight')
    press('ArrowDown')
    const target = EMOJI[1 + EMOJI_COLUMNS]
    expect(screen.getByRole('button', { name: target.name })).toHaveFocus()
    fireEvent.click(document.activeElement!)
    expect(screen.getByRole('status', { name: 'Text' })).toHaveTextContent(`hi ${target.char}`)
    // Only the emoji moved to is in the tab order.
    expect(screen.getByRole('button', { name: target.name })).toHaveAttribute('tabindex', '0')
    expect(screen.getByRole('button', { name: EMOJI[0].name })).toHaveAttribute('tabindex', '-1')

    press('End')
    expect(screen.getByRole('button', { name: EMOJI[EMOJI.length - 1].name })).toHaveFocus()
    press('Escape')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(toggle).toHaveFocus()
  })

  it('closes on a click outside', async () => {
    render(<Field />)
    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    fireEvent.mouseDown(document.body)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('names each emoji in the reader’s language, Unicode’s English names in English', async () => {
    expect(Object.entries(en.emojiNames)).toEqual(
      EMOJI.map((emoji) => [emojiKey(emoji), emoji.name])
    )
    try {
      await applyLanguage('de')
      const { unmount } = render(<Field />)
      fireEvent.click(screen.getByRole('button', { name: i18n.t('direct.emoji') }))
      expect(screen.getByRole('button', { name: 'Daumen hoch' })).toHaveTextContent('👍')
      unmount()
      await applyLanguage(PSEUDO_LANGUAGE)
      render(<Field />)
      fireEvent.click(screen.getByRole('button', { name: i18n.t('direct.emoji') }))
      expect(englishLeft(document.body, ['hi', 'Text'])).toEqual([])
    } finally {
      await applyLanguage('en')
    }
  })
})
