/**
 * External pages the footer links to (spec 000 section 2: group sites, accessibility statement, imprint). They live
 * on the group's public website, not in the portal; replace them here when the final addresses are known.
 */
export const externalLinks = {
  accessibility: 'https://www.vbv.at/barrierefreiheit',
  imprint: 'https://www.vbv.at/impressum',
  privacy: 'https://www.vbv.at/datenschutz',
  help: 'https://www.vbv.at/hilfe',
  /** Data-protection information of the regional tenant (its login links here instead of to the help). */
  regionalPrivacy: 'https://www.noevk.at/datenschutz',
} as const;

/**
 * Contact of the regional tenant's service team, shown in its layout (spec 000 section 2: "contact phone, mail,
 * opening times and a data-protection link"; hours in section 9). Placeholders until the final numbers are known.
 */
export const regionalContact = {
  phone: '+43 2742 90 500',
  phoneHref: 'tel:+43274290500',
  mail: 'service@noevk.at',
  privacy: externalLinks.regionalPrivacy,
} as const;
