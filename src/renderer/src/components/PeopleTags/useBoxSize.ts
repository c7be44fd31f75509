// The CSS size of an element while `active`, kept up to date as it resizes: where tags go.

import { useLayoutEffect, useState, type RefObject } from 'react'
import type { Size } from './photoRect'

export function useBoxSize(element: RefObject<HTMLElement | null>, active = true): Size {
  const [box, setBox] = useState<Size>({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const node = element.current
    if (!active || !node) return
    const measure = (): void => setBox({ width: node.offsetWidth, height: node.offsetHeight })
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(node)
    return () => observer.disconnect()
  }, [element, active])
  return box
}
