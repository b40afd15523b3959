import type { TenantId } from './paths';

/** External pages of the footer, the login and the cookie notice, on the tenant's own public website. */
export interface SiteLinks {
  imprint: string;
  privacy: string;
  help: string;
}

/**
 * External pages the footer links to, per tenant (spec 000 section 2: group sites, imprint; decision 0046: the
 * regional tenant links its own fund's pages, never the main group's). They live on each fund's public website, not
 * in the portal; replace them here when the final addresses are known. The accessibility statement is a portal page
 * (`paths.accessibility`).
 */
export const siteLinks: Record<TenantId, SiteLinks> = {
  main: {
    imprint: 'https://www.vbv.at/impressum',
    privacy: 'https://www.vbv.at/datenschutz',
    help: 'https://www.vbv.at/hilfe',
  },
  regional: {
    imprint: 'https://www.noevk.at/impressum',
    privacy: 'https://www.noevk.at/datenschutz',
    help: 'https://www.noevk.at/hilfe',
  },
};

/** One site of the fund group; `key` names its label (`layout.groupSites.<key>`). */
export interface GroupSite {
  key: 'group' | 'pensionFund' | 'severanceFund';
  href: string;
}

/**
 * The group's sites linked from the main tenant's login registration box and footer (spec 000 section 2: "footer
 * links to group sites"). The regional tenant links none: it speaks only as its own fund (decision 0046).
 */
export const groupSites: Record<TenantId, readonly GroupSite[]> = {
  main: [
    { key: 'group', href: 'https://www.vbv.at/' },
    { key: 'pensionFund', href: 'https://www.vbv.at/pensionskasse' },
    { key: 'severanceFund', href: 'https://www.vbv.at/vorsorgekasse' },
  ],
  regional: [],
};

/**
 * Contact of the regional tenant's service team, shown in its layout (spec 000 section 2: "contact phone, mail,
 * opening times and a data-protection link"; hours in section 9). Placeholders until the final numbers are known.
 */
export const regionalContact = {
  phone: '+43 2742 90 500',
  phoneHref: 'tel:+43274290500',
  mail: 'service@noevk.at',
  privacy: siteLinks.regional.privacy,
} as const;

/** External pages of the dashboard's quick links (spec 001 section 2: FAQs, severance calculator, why us, news). */
export interface QuickLinkTargets {
  faq: string;
  /** Abfertigungsrechner: what a dismissal means for the severance entitlement. */
  severanceCalculator: string;
  whyUs: string;
  news: string;
}

/** The quick links' external pages per tenant, on each group's public website. */
export const quickLinkTargets: Record<TenantId, QuickLinkTargets> = {
  main: {
    faq: 'https://www.vbv.at/faq',
    severanceCalculator: 'https://www.vbv.at/abfertigungsrechner',
    whyUs: 'https://www.vbv.at/warum-wir',
    news: 'https://www.vbv.at/news',
  },
  regional: {
    faq: 'https://www.noevk.at/faq',
    severanceCalculator: 'https://www.noevk.at/abfertigungsrechner',
    whyUs: 'https://www.noevk.at/warum-wir',
    news: 'https://www.noevk.at/aktuelles',
  },
};

/**
 * Feedback contact of the accessibility statement per tenant (Web-Zugänglichkeits-Gesetz: "Feedback und
 * Kontaktangaben"). Placeholders until the final addresses are known.
 */
export const accessibilityContact: Record<TenantId, { mail: string; phone: string; phoneHref: string }> = {
  main: { mail: 'barrierefreiheit@vbv.at', phone: '+43 1 716 07 0', phoneHref: 'tel:+431716070' },
  regional: { mail: regionalContact.mail, phone: regionalContact.phone, phoneHref: regionalContact.phoneHref },
};

/**
 * Complaints body of the accessibility statement's enforcement procedure (§ 13 WZG): the Beschwerdestelle of the
 * Österreichische Forschungsförderungsgesellschaft (FFG), which takes complaints through its contact form.
 */
export const accessibilityComplaints = {
  ffgForm: 'https://www.ffg.at/form/kontaktformular-beschwerdestelle-barrierefreiheit',
} as const;
