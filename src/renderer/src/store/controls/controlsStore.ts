// The signed-in person's content controls: muted and hidden words, their switches (sensitive
// media, like counts, the offensive-words filter) and their close friends. The database keeps
// them private and enforces what they do to others; this store holds them for the screens that
// filter what the person reads and for Settings.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { normalizeWord } from '@shared/word-match'
import type { Services } from '../../services'
import { DEFAULT_CONTENT_SETTINGS } from '../../services/rules'
import type { CloseFriend, ContentSettings, PostControls, WordKind } from '../../services/types'
import { errorText, phrase, type Phrase, type Text } from '../../i18n/phrase'

export interface ControlsDeps {
  controls: Services['controls']
  /** People to add to close friends. */
  searchPeople: Services['people']['searchPeople']
  getUserId(): string | null
}

export interface ControlsState {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  words: Record<WordKind, string[]>
  settings: ContentSettings
  /** Null until Settings › Close friends first asks for them. */
  closeFriends: CloseFriend[] | null
  /** The last change that failed, for the section that made it. */
  error: Text | null
  load(): Promise<void>
  addWord(kind: WordKind, input: string): Promise<boolean>
  removeWord(kind: WordKind, word: string): Promise<void>
  setSetting(key: keyof ContentSettings, value: boolean): Promise<void>
  loadCloseFriends(): Promise<void>
  /** People to add to close friends, by username or name. */
  findPeople(query: string): Promise<CloseFriend[]>
  addCloseFriend(person: CloseFriend): Promise<void>
  removeCloseFriend(id: string): Promise<void>
  /** Changes the author's switches on one of their posts; throws what went wrong. */
  setPostControls(postId: string, controls: PostControls): Promise<void>
  clear(): void
}

export type ControlsStore = StoreApi<ControlsState>

const EMPTY = {
  status: 'idle' as const,
  words: { mute: [], hide_comments: [] },
  settings: DEFAULT_CONTENT_SETTINGS,
  closeFriends: null,
  error: null
}

export function createControlsStore(deps: ControlsDeps): ControlsStore {
  return createStore<ControlsState>()((set, get) => {
    /** Runs a change on the server; on failure puts `undo` back and says why. */
    const { controls } = deps
    const change = async (
      work: () => Promise<void>,
      undo: () => void,
      what: Phrase
    ): Promise<boolean> => {
      set({ error: null })
      try {
        await work()
        return true
      } catch (error) {
        undo()
        set({ error: errorText(error, what) })
        return false
      }
    }

    return {
      ...EMPTY,

      async load() {
        if (!deps.getUserId()) return
        set({ status: 'loading' })
        try {
          const mine = await controls.fetchMine()
          set({ status: 'ready', words: mine.words, settings: mine.settings })
        } catch (error) {
          console.error('Error loading content controls', error)
          set({ status: 'failed' })
        }
      },

      async addWord(kind, input) {
        const word = normalizeWord(input)
        if (!word) {
          set({ error: phrase('errors.controls.wordLength') })
          return false
        }
        const before = get().words
        if (before[kind].includes(word)) return true
        set({ words: { ...before, [kind]: [...before[kind], word] } })
        return change(
          () => controls.addWord(kind, word),
          () => set({ words: before }),
          phrase('errors.controls.addWord')
        )
      },

      async removeWord(kind, word) {
        const before = get().words
        set({ words: { ...before, [kind]: before[kind].filter((listed) => listed !== word) } })
        await change(
          () => controls.removeWord(kind, word),
          () => set({ words: before }),
          phrase('errors.controls.removeWord')
        )
      },

      async setSetting(key, value) {
        const userId = deps.getUserId()
        if (!userId) return
        const before = get().settings
        const settings = { ...before, [key]: value }
        set({ settings })
        await change(
          () => controls.saveSettings(userId, settings),
          () => set({ settings: before }),
          phrase('errors.controls.saveSettings')
        )
      },

      async loadCloseFriends() {
        try {
          set({ closeFriends: await controls.fetchCloseFriends(), error: null })
        } catch (error) {
          set({ error: errorText(error, phrase('errors.controls.loadCloseFriends')) })
        }
      },

      async findPeople(query) {
        const found = await deps.searchPeople(query, 8)
        return found.filter((person) => person.id !== deps.getUserId())
      },

      async addCloseFriend(person) {
        const before = get().closeFriends ?? []
        if (before.some((friend) => friend.id === person.id)) return
        set({ closeFriends: [...before, person] })
        await change(
          () => controls.addCloseFriend(person.id),
          () => set({ closeFriends: before }),
          phrase('errors.controls.addCloseFriend')
        )
      },

      async removeCloseFriend(id) {
        const before = get().closeFriends ?? []
        set({ closeFriends: before.filter((friend) => friend.id !== id) })
        await change(
          () => controls.removeCloseFriend(id),
          () => set({ closeFriends: before }),
          phrase('errors.controls.removeCloseFriend')
        )
      },

      async setPostControls(postId, postControls) {
        await deps.controls.setPostControls(postId, postControls)
      },

      clear: () => set(EMPTY)
    }
  })
}
