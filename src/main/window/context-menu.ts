// The right-click menu, as a pure function of what Chromium says was clicked (the parts of
// Electron's ContextMenuParams it reads): spelling suggestions and editing in text fields, Copy
// on selected text, and Copy Image / Save Image As… / Copy Link on photos and links. An empty
// template means no menu at all, rather than one that offers nothing. Labels are in the page's
// language, role items' too (Electron's own role labels are English).

import type { MenuItemConstructorOptions } from 'electron'
import type { MenuText } from '../i18n/menu-text'
import { isSafeExternalUrl } from './url-policy'

export interface ContextMenuParamsLike {
  x: number
  y: number
  isEditable: boolean
  selectionText: string
  misspelledWord: string
  dictionarySuggestions: string[]
  mediaType: string
  srcURL: string
  linkURL: string
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean }
}

export interface ContextMenuActions {
  replaceMisspelling(word: string): void
  addToDictionary(word: string): void
  copyImageAt(x: number, y: number): void
  /** Downloads the URL, which asks where to save it. */
  saveImage(url: string): void
  copyText(text: string): void
}

/** Chromium offers many; a menu stays readable with a handful. */
const MAX_SUGGESTIONS = 5

function spellingItems(
  params: ContextMenuParamsLike,
  actions: ContextMenuActions,
  text: MenuText
): MenuItemConstructorOptions[] {
  if (!params.misspelledWord) return []
  const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS)
  return [
    ...(suggestions.length > 0
      ? suggestions.map((word) => ({ label: word, click: () => actions.replaceMisspelling(word) }))
      : [{ label: text('noGuesses'), enabled: false }]),
    {
      label: text('addToDictionary'),
      click: () => actions.addToDictionary(params.misspelledWord)
    },
    { type: 'separator' }
  ]
}

function editingItems(params: ContextMenuParamsLike, text: MenuText): MenuItemConstructorOptions[] {
  const flags = params.editFlags
  return [
    { role: 'cut', label: text('cut'), enabled: flags.canCut },
    { role: 'copy', label: text('copy'), enabled: flags.canCopy },
    { role: 'paste', label: text('paste'), enabled: flags.canPaste },
    { type: 'separator' },
    { role: 'selectAll', label: text('selectAll'), enabled: flags.canSelectAll }
  ]
}

function imageItems(
  params: ContextMenuParamsLike,
  actions: ContextMenuActions,
  text: MenuText
): MenuItemConstructorOptions[] {
  if (params.mediaType !== 'image') return []
  // Previews in the create-post dialog are blob: URLs: they can be copied but are not a
  // shareable address, and saving them back would only duplicate the user's own file.
  const shareable = isSafeExternalUrl(params.srcURL)
  return [
    { label: text('copyImage'), click: () => actions.copyImageAt(params.x, params.y) },
    ...(shareable
      ? ([
          { label: text('saveImageAs'), click: () => actions.saveImage(params.srcURL) },
          { label: text('copyLink'), click: () => actions.copyText(params.srcURL) }
        ] as MenuItemConstructorOptions[])
      : [])
  ]
}

export function buildContextMenuTemplate(
  params: ContextMenuParamsLike,
  actions: ContextMenuActions,
  text: MenuText
): MenuItemConstructorOptions[] {
  if (params.isEditable)
    return [...spellingItems(params, actions, text), ...editingItems(params, text)]
  const groups: MenuItemConstructorOptions[][] = [
    imageItems(params, actions, text),
    params.mediaType !== 'image' && isSafeExternalUrl(params.linkURL)
      ? [{ label: text('copyLink'), click: () => actions.copyText(params.linkURL) }]
      : [],
    params.selectionText.trim()
      ? [{ role: 'copy', label: text('copy') } as MenuItemConstructorOptions]
      : []
  ].filter((group) => group.length > 0)
  return groups.flatMap((group, index) =>
    index === 0 ? group : [{ type: 'separator' } as MenuItemConstructorOptions, ...group]
  )
}
