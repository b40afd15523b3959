/** The seeded VRGs and investment information of the main tenant (performance, allocations, reports, VK results). */
import { formatPercentNumberBp } from '@contract/format';
import { VK_MANAGEMENT_FEE_RATE } from './history';
import { VRGS } from './market';
import { hashSeed, Rng } from './random';
import type { Context } from './seed-context';

/** The eight VRGs. */
export function insertVrgs(ctx: Context): void {
  for (const v of VRGS) ctx.stmts.vrg.run(v.number, v.name, v.equityTargetPercent);
}

/**
 * First year of the seeded investment information: early enough for every statement year of personas and population
 * (PK histories reach back at most 25 years, VK histories to 2003).
 */
export function firstInvestmentYear(lastYear: number): number {
  return Math.min(2000, lastYear - 24);
}

/** Sample standard deviation of integer basis points, rounded to basis points. */
function sampleStdDevBp(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
  return Math.round(Math.sqrt(variance));
}

/** German names of the asset classes in the report texts. */
const ASSET_CLASS_TEXT = {
  EQUITIES: 'Aktien',
  BONDS: 'Anleihen',
  REAL_ESTATE: 'Immobilien',
  ALTERNATIVES: 'alternativen Veranlagungen',
  CASH: 'liquiden Mitteln',
} as const;

/**
 * The investment information of the main tenant, from the same seeded market (`ctx.market`) that rolls the members'
 * statements forward, for every year from `firstInvestmentYear` to the last statement year:
 * - vrg_performance: the VRG's net return (exactly the rate applied to every member's capital), the fluctuation
 *   reserve share at 31.12., and the volatility (sample standard deviation of the five yearly returns up to the year);
 * - vrg_allocations: equities around the VRG's target (drifting up after good years, down after bad ones), real
 *   estate, alternatives and cash drawn per VRG and year, bonds the rest, so that the shares add up to 10,000 bp;
 * - vrg_reports: a German yearly summary of those figures;
 * - vk_investment_results: the Vorsorgekasse's net return and its 0.7 % p.a. management fee (VK_MANAGEMENT_FEE_RATE,
 *   the rate the VK statements charge), in basis points.
 * Draws come from streams of their own (hashSeed(seed, 'allocation', vrg, year)), so the members' data stays unchanged.
 */
export function insertInvestmentInformation(ctx: Context, seed: number): void {
  const bp = (fraction: number): number => Math.round(fraction * 10_000);
  const first = firstInvestmentYear(ctx.lastYear);
  const managementFeeBp = bp(VK_MANAGEMENT_FEE_RATE);
  for (let year = first; year <= ctx.lastYear; year++) ctx.stmts.vkInvestmentResult.run(year, bp(ctx.market.vkReturn(year)), managementFeeBp);

  for (const v of VRGS) {
    for (let year = first; year <= ctx.lastYear; year++) {
      const returnBp = bp(ctx.market.pkReturn(v.number, year));
      const fluctuationBp = bp(ctx.market.pkFluctuationShare(v.number, year));
      const volatilityBp = sampleStdDevBp([4, 3, 2, 1, 0].map((back) => bp(ctx.market.pkReturn(v.number, year - back))));
      ctx.stmts.vrgPerformance.run(v.number, year, returnBp, volatilityBp, fluctuationBp);

      const rng = new Rng(hashSeed(seed, 'allocation', v.number, year));
      const cautious = v.equityTargetPercent <= 20;
      const equities = Math.max(0, v.equityTargetPercent * 100 + Math.max(-500, Math.min(500, Math.round((returnBp - 300) / 2))) + rng.int(-100, 100));
      const realEstate = rng.int(300, 800);
      const alternatives = cautious ? rng.int(0, 200) : rng.int(100, 500);
      const cash = rng.int(100, 600);
      const bonds = 10_000 - equities - realEstate - alternatives - cash;
      const shares = { EQUITIES: equities, BONDS: bonds, REAL_ESTATE: realEstate, ALTERNATIVES: alternatives, CASH: cash };
      for (const [assetClass, share] of Object.entries(shares)) ctx.stmts.vrgAllocation.run(v.number, year, assetClass, share);

      const market =
        year === 2008
          ? 'Die weltweite Finanzkrise führte zu starken Kursverlusten an den Aktienmärkten; Anleihen hoher Bonität stabilisierten das Portfolio.'
          : year === 2022
            ? 'Der rasche Anstieg der Zinsen belastete Anleihen und Aktien zugleich; ein solches Jahr ist historisch selten.'
            : returnBp >= 600
              ? 'Ein freundliches Umfeld an den Aktienmärkten trug wesentlich zum Ergebnis bei.'
              : returnBp >= 0
                ? 'Aktien und Anleihen lieferten moderate positive Beiträge.'
                : 'Schwankungen an den Kapitalmärkten führten zu einem negativen Ergebnis.';
      const parts = (['EQUITIES', 'BONDS', 'REAL_ESTATE', 'ALTERNATIVES', 'CASH'] as const).map((k) => `${formatPercentNumberBp(shares[k])} % in ${ASSET_CLASS_TEXT[k]}`);
      const allocationText = `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`;
      const summary = [
        `Die ${v.name} erzielte im Jahr ${year} ein Veranlagungsergebnis von ${formatPercentNumberBp(returnBp)} % nach Kosten. ${market}`,
        `Zum 31.12.${year} war das Vermögen zu ${allocationText} veranlagt (Aktien-Zielquote ${v.equityTargetPercent} %). ` +
          `Die Schwankungsrückstellung betrug ${formatPercentNumberBp(fluctuationBp)} % des Vermögens.`,
        `Die Volatilität der Jahresergebnisse der letzten fünf Jahre lag bei ${formatPercentNumberBp(volatilityBp)} % p. a. ` +
          'Vergangene Wertentwicklungen lassen keine verlässlichen Rückschlüsse auf die zukünftige Entwicklung zu.',
      ].join('\n\n');
      ctx.stmts.vrgReport.run(v.number, year, `Veranlagungsbericht ${year} – ${v.name}`, summary);
    }
  }
}
