import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { RECOVERY_CODES_TEXT } from './RecoveryCodes'
import { TwoFactorSettings } from './TwoFactorSettings'

const CODES = Array.from({ length: 10 }, (_, index) => `aaaa${index}-bbbb${index}`)
const METHOD = { id: 'factor', name: 'Authenticator app', createdAt: '2026-11-26T10:00:00Z' }

/** jsdom's Blob has no text(): read it the way a page could before that existed. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.readAsText(blob)
  })
}

function setup() {
  const harness = createHarness({ snapshot: signedIn() })
  return { ...harness, user: userEvent.setup() }
}

describe('TwoFactorSettings: recovery codes', () => {
  it('shows ten new codes right after two-factor is turned on, with Copy and Download', async () => {
    const { api, user, ...harness } = setup()
    api.account.recoveryCodeStatus.mockResolvedValue({ total: 0, remaining: 0 })
    api.account.generateRecoveryCodes.mockResolvedValue(CODES)
    renderWith(<TwoFactorSettings />, { api, ...harness })
    await user.click(await screen.findByRole('button', { name: 'Turn on' }))
    await user.type(await screen.findByLabelText('Code from the app'), '123456')
    api.account.listTwoFactor.mockResolvedValue([METHOD])
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }))

    const list = await screen.findByRole('list', { name: RECOVERY_CODES_TEXT.list })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    ).toEqual(CODES)
    expect(api.account.generateRecoveryCodes).toHaveBeenCalledTimes(1)

    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: RECOVERY_CODES_TEXT.copy }))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES.join('\n')))
    expect(screen.getByRole('button', { name: RECOVERY_CODES_TEXT.copied })).toBeVisible()

    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:codes'))
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await user.click(screen.getByRole('button', { name: RECOVERY_CODES_TEXT.download }))
    expect(click).toHaveBeenCalledTimes(1)
    const anchor = click.mock.contexts[0] as HTMLAnchorElement
    expect(anchor.download).toBe(RECOVERY_CODES_TEXT.fileName)
    expect(await blobText(createObjectURL.mock.calls[0][0])).toContain(CODES[9])
    click.mockRestore()

    api.account.recoveryCodeStatus.mockResolvedValue({ total: 10, remaining: 10 })
    await user.click(screen.getByRole('button', { name: RECOVERY_CODES_TEXT.done }))
    expect(screen.queryByRole('list', { name: RECOVERY_CODES_TEXT.list })).not.toBeInTheDocument()
    expect(screen.getByText(/10 of 10 recovery codes left/)).toBeVisible()
  })

  it('says how many are left, and "Get new codes" shows a fresh set', async () => {
    const { api, user, ...harness } = setup()
    api.account.listTwoFactor.mockResolvedValue([METHOD])
    api.account.recoveryCodeStatus.mockResolvedValue({ total: 10, remaining: 7 })
    api.account.generateRecoveryCodes.mockResolvedValue(CODES)
    renderWith(<TwoFactorSettings />, { api, ...harness })
    expect(await screen.findByText(/7 of 10 recovery codes left/)).toBeVisible()
    expect(api.account.generateRecoveryCodes).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: RECOVERY_CODES_TEXT.generate }))
    expect(await screen.findByRole('list', { name: RECOVERY_CODES_TEXT.list })).toBeVisible()
  })

  it('shows no recovery codes where the server has none (a hosted project)', async () => {
    const { api, ...harness } = setup()
    api.account.listTwoFactor.mockResolvedValue([METHOD])
    api.account.recoveryCodeStatus.mockResolvedValue(null)
    renderWith(<TwoFactorSettings />, { api, ...harness })
    expect(await screen.findByText('Two-factor authentication is on.')).toBeVisible()
    await waitFor(() => expect(api.account.recoveryCodeStatus).toHaveBeenCalled())
    expect(screen.queryByText(RECOVERY_CODES_TEXT.title)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: RECOVERY_CODES_TEXT.generate })).toBeNull()
  })
})
