import { describe, expect, it } from 'vitest'
import { DEFAULT_STORAGE_CONFIG, parseStorageConfig } from '../../../../src/backend/storage/config'

describe('bucket rules from config.toml', () => {
  it('lists the buckets whose check_image_content is true, and only those', () => {
    const source = `
      [storage]
      check_image_content = true
      [storage.buckets.images]
      public = true
      check_image_content = true
      [storage.buckets.avatars]
      check_image_content = false
      [storage.buckets.docs]
      check_image_content = "true"
      [storage.buckets.plain]
      public = false
    `
    expect(parseStorageConfig(source)).toEqual({ imageContentBuckets: ['images'] })
  })

  it('has no rules without [storage.buckets]', () => {
    expect(parseStorageConfig('[storage]\nenabled = true')).toEqual(DEFAULT_STORAGE_CONFIG)
  })
})
