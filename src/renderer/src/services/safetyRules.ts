// The words of the safety screens (the reasons to report, what a report answers), from the
// module the safety services load on first use: only the screens that show them import this.

export { REPORT_REASONS, SAFETY_MESSAGES } from '@shared/data/safety'
