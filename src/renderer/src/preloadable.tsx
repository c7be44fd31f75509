// A page component loaded on first use, like React.lazy, that can also be fetched ahead of time
// (`preload`). Once its code is here it renders at once: React.lazy would still suspend for one
// tick on its first render, and a page that suspends while the route changes blanks the view,
// which loses the scroll position Back restores.

import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react'

export interface Preloadable<P extends object> {
  (props: P): ReactElement
  /** Fetches the code now; safe to call many times. */
  preload(): Promise<unknown>
}

export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const fetchOnce = (): Promise<ComponentType<P>> => {
    loading ??= load().then((component) => {
      loaded = component
      return component
    })
    return loading
  }
  const Lazy = lazy(() => fetchOnce().then((component) => ({ default: component })))
  const Page = (props: P): ReactElement => {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(type, props)
  }
  Page.preload = fetchOnce
  return Page
}
