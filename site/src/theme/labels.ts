// Every fixed string of the theme's chrome (navbar, footer, sidebar, loader,
// errors), in one place. The site has one locale (en), so these are the English texts.
export const labels = {
  skipToContent: 'Skip to main content',
  close: 'Close',
  toggleNavBar: 'Toggle navigation bar',
  backToMainMenu: 'Back to main menu',
  languages: 'Languages',
  versions: 'Versions',
  breadcrumbs: 'Breadcrumbs',
  homePage: 'Home page',
} as const;
