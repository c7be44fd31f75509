// The product's own name for the wordmark and footer (package.json productName). The splash
// text keeps its original wording (docs/product.md, "Start").
export const BRAND_NAME = 'Instaframe'
export const COPYRIGHT_YEAR = 2025
