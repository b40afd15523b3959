/**
 * External pages the footer links to (spec 000 section 2: group sites, accessibility statement, imprint). They live
 * on the group's public website, not in the portal; replace them here when the final addresses are known.
 */
export const externalLinks = {
  accessibility: 'https://www.vbv.at/barrierefreiheit',
  imprint: 'https://www.vbv.at/impressum',
  privacy: 'https://www.vbv.at/datenschutz',
  help: 'https://www.vbv.at/hilfe',
} as const;
