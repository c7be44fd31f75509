// Build-time settings electron-vite exposes to main (MAIN_VITE_* from .env files or the shell).

interface ImportMetaEnv {
  readonly MAIN_VITE_SUPABASE_URL?: string
  readonly MAIN_VITE_SUPABASE_ANON_KEY?: string
  /** Where Help › Report a Problem opens a new issue; the item is hidden without it. */
  readonly MAIN_VITE_ISSUES_URL?: string
  /** An https crash server (e.g. a Sentry minidump endpoint); without one dumps stay local. */
  readonly MAIN_VITE_CRASH_REPORT_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
