// "Clear cache" in the account menu, with what the offline cache holds now. It removes saved
// posts, profiles and images; actions waiting to be sent (the outbox) are kept.

import { useEffect, useState, type ReactElement } from 'react'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'

/** `bytes` as people read sizes: "0 KB", "840 KB", "12.3 MB". */
export function formatCacheSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export function ClearCacheItem({ className }: { className: string }): ReactElement | null {
  const { offlineCache, toast } = useStores()
  const [bytes, setBytes] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    offlineCache?.size().then(
      (size) => current && setBytes(size.bytes),
      (error: unknown) => console.error('Error measuring the offline cache', error)
    )
    return () => {
      current = false
    }
  }, [offlineCache])

  if (!offlineCache) return null
  const clear = async (): Promise<void> => {
    setBusy(true)
    try {
      await offlineCache.clear()
      setBytes((await offlineCache.size()).bytes)
      toast.getState().show(MESSAGES.cacheCleared)
    } catch (error) {
      console.error('Error clearing the offline cache', error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      role="menuitem"
      className={className}
      disabled={busy}
      onClick={() => void clear()}
    >
      {MESSAGES.clearCache}
      {bytes !== null && <span> ({formatCacheSize(bytes)})</span>}
    </button>
  )
}
