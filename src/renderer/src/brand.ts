// The product's own name for the wordmark and footer (package.json productName). The splash
// keeps the spec's exact wording.
export const BRAND_NAME = 'Instaframe'
export const COPYRIGHT_YEAR = 2025
