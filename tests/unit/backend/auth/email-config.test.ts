import { describe, expect, it } from 'vitest'
import {
  DEFAULT_EMAIL_SETTINGS,
  parseDurationSeconds,
  parseEmailSettings
} from '../../../../src/backend/auth/email-config'

describe('mail settings from config.toml', () => {
  it('keeps the CLI defaults without [auth.email]', () => {
    expect(parseEmailSettings('[auth]\nsite_url = "x"')).toEqual(DEFAULT_EMAIL_SETTINGS)
  })

  it('reads [auth.email] and [auth.email.smtp] with the CLI key names and env()', () => {
    const settings = parseEmailSettings(
      `
      [auth.email]
      double_confirm_changes = false
      secure_password_change = true
      max_frequency = "1m30s"
      otp_length = 8
      otp_expiry = 600
      [auth.email.smtp]
      enabled = true
      host = "smtp.example.com"
      port = 2525
      user = "mailer"
      pass = "env(SMTP_PASS)"
      admin_email = "admin@example.com"
      sender_name = "Instaframe"
      `,
      { SMTP_PASS: 'from-env' }
    )
    expect(settings).toEqual({
      doubleConfirmChanges: false,
      securePasswordChange: true,
      maxFrequencySeconds: 90,
      otpExpirySeconds: 600,
      otpLength: 8,
      smtp: {
        host: 'smtp.example.com',
        port: 2525,
        user: 'mailer',
        pass: 'from-env',
        adminEmail: 'admin@example.com',
        senderName: 'Instaframe'
      }
    })
  })

  it('leaves SMTP off when disabled or without a host', () => {
    expect(parseEmailSettings('[auth.email.smtp]\nenabled = false\nhost = "h"').smtp).toBeNull()
    expect(parseEmailSettings('[auth.email.smtp]\nport = 25').smtp).toBeNull()
  })

  it('reads Go durations', () => {
    expect(parseDurationSeconds('1s')).toBe(1)
    expect(parseDurationSeconds('60s')).toBe(60)
    expect(parseDurationSeconds('1h2m3s')).toBe(3723)
    expect(parseDurationSeconds('soon')).toBeNull()
    expect(parseDurationSeconds('')).toBeNull()
  })
})
