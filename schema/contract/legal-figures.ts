/**
 * The yearly legal figures the portal calculates with, in one table keyed by calendar year, each with its source
 * (DOMAIN.md "Additions for the fund's side and the 2026 figures"; docs/decisions/0043-legal-figures-by-year.md).
 * Pure: no Node imports, so the web (calculator assumptions) and the server (calculator, credit ceiling, premium
 * gauge) read the same figures.
 *
 * Lookup: the year of the calculation date. A year missing from the table falls back to the latest year before it
 * (a year before the table to its first year); the server logs a warning at start when the current year is missing
 * (`missingLegalFiguresYear`), so the table is extended each December when the new figures are announced.
 */
import { parseIsoDate } from './dates';

/** The legal figures of one calendar year. Money integer cents, rates basis points (1 bp = 0.01 %). */
export interface LegalFigures {
  year: number;
  /**
   * Höchstbeitragsgrundlage (contribution cap) a month, cents (§ 45 ASVG, announced yearly under § 108 (3) ASVG).
   */
  maxContributionBaseMonthlyCents: number;
  /** The cap for a year including the two special payments: 14 × the monthly cap, cents (§ 54 ASVG). */
  maxContributionBaseYearlyCents: number;
  /**
   * Aufwertungszahl of the year (§ 108a ASVG), in thousandths (1073 = 1,073): the Pensionskonto's total credit is
   * revalued with it each 1 January (§ 15 APG).
   */
  revaluationFactorPermille: number;
  /** The § 108a EStG premium rate on own contributions, bp (set yearly between 4.25 % and 6.75 %). */
  premiumRateBp: number;
  /** Insurance tax on pension-fund contributions, bp (§ 6 (1) VersStG: 2.5 %). */
  insuranceTaxBp: number;
  /** The highest calculation interest rate (Rechnungszins) for new pension-fund contracts, bp (FMA, § 20 PKG). */
  calculationInterestBp: number;
  /** Where each figure is published (law and BGBl. or announcement). */
  sources: {
    maxContributionBase: string;
    revaluationFactor: string;
    premiumRate: string;
    insuranceTax: string;
    calculationInterest: string;
  };
}

const INSURANCE_TAX_SOURCE = '§ 6 (1) Versicherungssteuergesetz 1953 (2,5 % auf Beiträge an Pensionskassen)';
const INTEREST_SOURCE = 'FMA, Höchstzinssatz für den Rechnungszins nach § 20 PKG: 2 % für Verträge ab 2020 (DOMAIN.md)';

/** The figures by year, oldest first. Extend each December (the announcement of the new year is in BGBl. II). */
export const LEGAL_FIGURES: readonly LegalFigures[] = [
  {
    year: 2024,
    maxContributionBaseMonthlyCents: 606_000,
    maxContributionBaseYearlyCents: 606_000 * 14,
    revaluationFactorPermille: 1035,
    premiumRateBp: 425,
    insuranceTaxBp: 250,
    calculationInterestBp: 200,
    sources: {
      maxContributionBase: '§ 45 ASVG iVm § 108 (3) ASVG; Kundmachung BGBl. II Nr. 407/2023',
      revaluationFactor: '§ 108a ASVG; Kundmachung BGBl. II Nr. 407/2023',
      premiumRate: '§ 108a (1) EStG (Prämiensatz 4,25 %; DOMAIN.md)',
      insuranceTax: INSURANCE_TAX_SOURCE,
      calculationInterest: INTEREST_SOURCE,
    },
  },
  {
    year: 2025,
    maxContributionBaseMonthlyCents: 645_000,
    maxContributionBaseYearlyCents: 645_000 * 14,
    revaluationFactorPermille: 1063,
    premiumRateBp: 425,
    insuranceTaxBp: 250,
    calculationInterestBp: 200,
    sources: {
      maxContributionBase: '§ 45 ASVG iVm § 108 (3) ASVG; Kundmachung BGBl. II Nr. 417/2024',
      revaluationFactor: '§ 108a ASVG; Kundmachung BGBl. II Nr. 417/2024',
      premiumRate: '§ 108a (1) EStG (Prämiensatz 4,25 %; DOMAIN.md)',
      insuranceTax: INSURANCE_TAX_SOURCE,
      calculationInterest: INTEREST_SOURCE,
    },
  },
  {
    year: 2026,
    maxContributionBaseMonthlyCents: 693_000,
    maxContributionBaseYearlyCents: 693_000 * 14,
    revaluationFactorPermille: 1073,
    premiumRateBp: 425,
    insuranceTaxBp: 250,
    calculationInterestBp: 200,
    sources: {
      maxContributionBase: '§ 45 ASVG iVm § 108 (3) ASVG; Kundmachung BGBl. II Nr. 263/2025 (6.930 € im Monat, 97.020 € im Jahr)',
      revaluationFactor: '§ 108a ASVG; Kundmachung BGBl. II Nr. 263/2025 (1,073)',
      premiumRate: '§ 108a (1) EStG (Prämiensatz 4,25 %; DOMAIN.md)',
      insuranceTax: INSURANCE_TAX_SOURCE,
      calculationInterest: INTEREST_SOURCE,
    },
  },
];

/** The latest year in the table. */
export function latestLegalFigures(): LegalFigures {
  return LEGAL_FIGURES[LEGAL_FIGURES.length - 1]!;
}

/** Whether the table holds the figures of `year` itself (no fallback). */
export function hasLegalFigures(year: number): boolean {
  return LEGAL_FIGURES.some((f) => f.year === year);
}

/**
 * The figures of `year` (a number) or of the year of an ISO date: that year's row; a missing year falls back to the
 * latest row before it (the latest known year), a year before the table to the first row. The returned `year` is the
 * row's, so callers can say which year's figures they used.
 */
export function legalFiguresFor(yearOrIsoDate: number | string): LegalFigures {
  const year = typeof yearOrIsoDate === 'number' ? yearOrIsoDate : parseIsoDate(yearOrIsoDate).y;
  let found = LEGAL_FIGURES[0]!;
  for (const f of LEGAL_FIGURES) if (f.year <= year) found = f;
  return found;
}

/**
 * The year to warn about at start: the year of `today` (ISO date, Vienna) when the table lacks it, else null. The
 * server logs it (server/platform/shared/legal-figures-check.ts); calculations then use the latest known year.
 */
export function missingLegalFiguresYear(today: string): number | null {
  const year = parseIsoDate(today).y;
  return hasLegalFigures(year) ? null : year;
}

/** An Aufwertungszahl in thousandths as the law writes it: 1073 → `1,073`. */
export function formatRevaluationFactor(permille: number): string {
  return (permille / 1000).toFixed(3).replace('.', ',');
}
