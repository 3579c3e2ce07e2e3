// Site configuration: everything a maintainer may want to change in one place.
export const siteConfig = {
  title: 'RISC Zero Developer Docs',
  tagline: 'Hyper-efficient general-purpose zero-knowledge computing',
  url: 'https://dev.risczero.com',
  baseUrl: '/',
  copyright: `Copyright © 2025 RISC Zero, Inc.`,
  editUrl: 'https://github.com/risc0/risc0/edit/main/website/',
  githubUrl: 'https://github.com/risc0/risc0',
  blogUrl: 'https://risczero.com/blog',
  community: [
    { label: 'Discord', href: 'https://discord.gg/risczero' },
    { label: 'X (Twitter)', href: 'https://twitter.com/risczero' },
    { label: 'YouTube', href: 'https://www.youtube.com/@risczero' },
    { label: 'Stack Exchange', href: 'https://ethereum.stackexchange.com/questions/tagged/risc0' },
    { label: "Contributor's Guide", to: '/contributors-guide' },
  ],
  colorMode: { defaultMode: 'dark' as const, disableSwitch: false, respectPrefersColorScheme: false },
  search: {
    // Set all three to query a hosted DocSearch (Algolia) index; unset, the
    // site searches the index it builds from its own pages, offline.
    algolia: undefined as undefined | { appId: string; apiKey: string; indexName: string },
    // When set, the no-results screen links "Let us know." here ({query} is replaced).
    missingResultsUrl: undefined as undefined | string,
  },
} as const;
