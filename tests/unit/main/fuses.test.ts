import { createRequire } from 'node:module'
import { FuseV1Options } from '@electron/fuses'
import { describe, expect, it } from 'vitest'

const afterPack = createRequire(import.meta.url)('../../../build/after-pack.cjs') as {
  fuseConfig(platform: string, options?: { forE2E?: boolean }): Record<number, boolean>
}

describe('packaged app fuses', () => {
  it.each(['darwin', 'win32', 'linux'])(
    '%s: turns off run-as-node, NODE_OPTIONS and --inspect',
    (platform) => {
      const fuses = afterPack.fuseConfig(platform)
      expect(fuses[FuseV1Options.RunAsNode]).toBe(false)
      expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false)
      expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false)
      expect(fuses[FuseV1Options.EnableCookieEncryption]).toBe(true)
      expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true)
      // The renderer comes from app://instaframe: file:// keeps no extra privileges.
      expect(fuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false)
    }
  )

  it('validates the asar integrity where Electron supports it (macOS, Windows)', () => {
    expect(
      afterPack.fuseConfig('darwin')[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]
    ).toBe(true)
    expect(afterPack.fuseConfig('win32')[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(
      true
    )
    expect(
      afterPack.fuseConfig('linux')[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]
    ).toBeUndefined()
  })

  it('keeps --inspect only in an explicit QA build, for Playwright', () => {
    expect(
      afterPack.fuseConfig('linux', { forE2E: true })[FuseV1Options.EnableNodeCliInspectArguments]
    ).toBe(true)
  })
})
