// "Clear cache" in the account menu, with what the offline cache holds now. It removes saved
// posts, profiles and images; actions waiting to be sent (the outbox) are kept.

import { useEffect, useState, type ReactElement } from 'react'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import { useLocale, useT } from '../../i18n'

/** `bytes` as people read sizes: "0 KB", "840 KB", "12.3 MB" (other languages: Intl's units). */
export function formatCacheSize(bytes: number, locale = 'en'): string {
  const small = bytes < 1024 * 1024
  if (locale.startsWith('en')) {
    return small ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: small ? 'kilobyte' : 'megabyte',
    maximumFractionDigits: small ? 0 : 1
  }).format(small ? Math.round(bytes / 1024) : bytes / (1024 * 1024))
}

export function ClearCacheItem({ className }: { className: string }): ReactElement | null {
  const { offlineCache, toast } = useStores()
  const [bytes, setBytes] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const t = useT()
  const locale = useLocale()

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
      {t('messages.clearCache')}
      {bytes !== null && <span> ({formatCacheSize(bytes, locale)})</span>}
    </button>
  )
}
