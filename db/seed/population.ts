/** The generated member population: person data, fund histories and messages of one member per call. */
import { makeSvnr } from '@contract/svnr';
import { addDays, firstDayOfMonth, type Gender, monthIndex, monthIndexOf, randomDate, yearOf } from './calendar';
import { buildPkHistory, buildVkHistory, type PkPlan } from './history';
import { type SalaryPath, VRGS } from './market';
import {
  BANKS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MOBILE_PREFIXES,
  POSTAL_PLACES,
  STREETS,
  TITLE_PREFIXES_FEMALE,
  TITLE_PREFIXES_MALE,
  TITLE_SUFFIXES,
  transliterate,
} from './names';
import type { Rng } from './random';
import { insertBankAccount, insertMessage, insertPerson, insertPkContract, insertVkAccount, type PersonData, pickEmployer } from './rows';
import { type Context, type EmployerRef, uniqueNumber } from './seed-context';

// ---------------------------------------------------------------------------------------------------------------
// Population
// ---------------------------------------------------------------------------------------------------------------

/**
 * Messages of the generated members. `regionalBody` replaces `body` on the regional tenant where the body points to a
 * screen that tenant lacks (spec 000 section 2: no merging of dormant accounts there).
 */
const MESSAGE_TEMPLATES: Record<'PENSION_FUND' | 'SEVERANCE_FUND', readonly { subject: string; body: string; regionalBody?: string }[]> = {
  PENSION_FUND: [
    {
      subject: 'Ihr Leistungsnachweis zum 31.12.{lastYear} ist verfügbar',
      body: 'Ihr Leistungsnachweis der Pensionskasse zum Stichtag 31.12.{lastYear} steht im Portal unter „Dokumente“ bereit.',
    },
    {
      subject: 'Information zur Veranlagung im Jahr {lastYear}',
      body: 'Im Anhang Ihres Portals finden Sie den Bericht über die Veranlagung Ihrer Veranlagungs- und Risikogemeinschaft im Jahr {lastYear}.',
    },
    {
      subject: 'Bestätigung Ihrer Eigenbeiträge',
      body: 'Wir bestätigen den Eingang Ihrer Eigenbeiträge. Die Prämie nach § 108a EStG wird nach Ende des Kalenderjahres gutgeschrieben.',
    },
    {
      subject: 'Änderung Ihrer Adressdaten',
      body: 'Ihre neue Adresse wurde in unserem System erfasst. Bitte prüfen Sie die Angaben in Ihrem Profil.',
    },
  ],
  SEVERANCE_FUND: [
    {
      subject: 'Ihre Kontonachricht zum 31.12.{lastYear}',
      body: 'Ihre jährliche Kontonachricht der Vorsorgekasse zum 31.12.{lastYear} ist jetzt im Portal abrufbar.',
    },
    {
      subject: 'Information zur Abfertigung NEU',
      body: 'Ihr Arbeitgeber leistet für Sie monatlich 1,53 % Ihres Bruttoentgelts an die Vorsorgekasse. Ihre Anwartschaft sehen Sie jederzeit im Portal.',
    },
    {
      subject: 'Zusammenlegung Ihrer Abfertigungskonten',
      body: 'Beitragsfreie Anwartschaften können nach drei Jahren in die aktuelle Vorsorgekasse übertragen werden. Den Antrag finden Sie im Portal.',
      regionalBody:
        'Beitragsfreie Anwartschaften können nach drei Jahren in die aktuelle Vorsorgekasse übertragen werden. Den Antrag stellen Sie bei der Vorsorgekasse, zu der die Anwartschaften übertragen werden sollen.',
    },
    {
      subject: 'Veranlagungsergebnis {lastYear}',
      body: 'Das Veranlagungsergebnis des Jahres {lastYear} wurde Ihrem Konto zugewiesen. Details finden Sie in Ihrer Kontonachricht.',
    },
  ],
};

function salutation(p: PersonData): string {
  const name = [p.titlePrefix, p.lastName].filter(Boolean).join(' ');
  if (p.gender === 'FEMALE') return `Sehr geehrte Frau ${name},`;
  if (p.gender === 'MALE') return `Sehr geehrter Herr ${name},`;
  return `Guten Tag ${p.firstName} ${p.lastName},`;
}

/** A generated member's person row data (not yet inserted). */
function generatePersonData(ctx: Context, rng: Rng, lfn: number): PersonData {
  const gender: Gender = rng.weighted(['FEMALE', 'MALE', 'DIVERSE'] as const, [49.6, 49.6, 0.8]);
  const female = gender === 'FEMALE' || (gender === 'DIVERSE' && rng.chance(0.5));
  const firstName = rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const birthDate = randomDate(rng, '1958-01-01', '2002-12-31');

  let svnr: string | null = null;
  while (svnr === null || ctx.svnrs.has(svnr)) svnr = makeSvnr(rng.int(100, 999), birthDate);
  ctx.svnrs.add(svnr);

  let titlePrefix: string | null = null;
  let titleSuffix: string | null = null;
  if (Number(birthDate.slice(0, 4)) <= ctx.lastYear - 23 && rng.chance(0.15)) {
    const kind = rng.next();
    if (kind < 0.85) titlePrefix = rng.pick(gender === 'FEMALE' ? TITLE_PREFIXES_FEMALE : TITLE_PREFIXES_MALE);
    if (kind >= 0.55) titleSuffix = rng.pick(TITLE_SUFFIXES);
  }

  let email: string | null = null;
  if (rng.chance(0.97)) {
    email = `${transliterate(firstName)}.${transliterate(lastName)}.${lfn}@example.at`;
    if (ctx.emails.has(email)) throw new Error(`seed: duplicate e-mail ${email}`);
    ctx.emails.add(email);
  }
  const phone = rng.chance(0.9) ? `+43 ${rng.pick(MOBILE_PREFIXES)} ${rng.int(1, 9)}${rng.digits(6)}` : null;
  const place = rng.pick(POSTAL_PLACES);
  const door = place.city === 'Wien' || rng.chance(0.25) ? `/${rng.int(1, 30)}` : '';
  const adult = addDays(birthDate, 18 * 365 + 5);
  const earliest = adult > '2000-01-01' ? adult : '2000-01-01';
  const latest = addDays(ctx.today, -30);

  return {
    svnr,
    lfn,
    gender,
    titlePrefix,
    titleSuffix,
    firstName,
    lastName,
    birthDate,
    email,
    phone,
    street: `${rng.pick(STREETS)} ${rng.int(1, 120)}${door}`,
    postcode: place.postcode,
    city: place.city,
    addressValidFrom: randomDate(rng, earliest < latest ? earliest : latest, latest),
    newsletterPk: rng.chance(0.85) ? rng.chance(0.4) : null,
    newsletterVk: rng.chance(0.85) ? rng.chance(0.4) : null,
    benefitStatementDigital: rng.chance(0.85) ? rng.chance(0.7) : null,
    accountStatementByMail: rng.chance(0.4),
    notifyWhenPayoutPossible: rng.chance(0.05),
    prizeDrawVk: rng.chance(0.3) ? rng.chance(0.5) : null,
  };
}

/** First month of a history of 1..25 years that ends with `lastYear` and starts no earlier than `minYear`. */
function historyStart(rng: Rng, lastYear: number, minYear: number): number {
  const maxSpan = Math.max(1, Math.min(25, lastYear - minYear + 1));
  const startYear = lastYear - rng.int(1, maxSpan) + 1;
  // Abfertigung neu: employments from 1 Jan 2003, so the earliest contribution month is February 2003.
  const firstMonth = startYear === 2003 && minYear === 2003 ? rng.int(2, 12) : rng.int(1, 12);
  return monthIndex(startYear, firstMonth);
}

/** One generated member: person, credentials, bank account, PK contract and/or VK accounts, messages. */
export function seedMember(ctx: Context, rng: Rng, lfn: number, sharedHash: string): void {
  const p = generatePersonData(ctx, rng, lfn);
  const personId = insertPerson(ctx, p);
  // Demo data only: all generated members share ONE argon2id hash of DEMO_PASSWORD (computed once per run),
  // because hashing 100,000 passwords at ~25 ms each would take 40 minutes.
  if (p.email !== null) ctx.stmts.credential.run(personId, sharedHash, ctx.createdAt, ctx.createdAt);

  const bank = rng.pick(BANKS);
  const adult = addDays(p.birthDate, 18 * 365 + 5);
  const latest = addDays(ctx.today, -30);
  const earliest = adult > '2000-01-01' ? adult : '2000-01-01';
  insertBankAccount(ctx, personId, `${p.firstName} ${p.lastName}`, bank.blz, rng.digits(11), randomDate(rng, earliest < latest ? earliest : latest, latest));

  // ~60 % VK, ~45 % PK, everyone at least one: 55 % VK only, 40 % PK only, 5 % both.
  const u = rng.next();
  const hasVk = u < 0.55 || u >= 0.95;
  const hasPk = u >= 0.55;
  const birthYear = Number(p.birthDate.slice(0, 4));
  const endIdx = monthIndex(ctx.lastYear, 12);
  const todayIdx = monthIndexOf(ctx.today);

  const vkStart = hasVk ? historyStart(rng, ctx.lastYear, Math.max(2003, birthYear + 18)) : null;
  const pkStart = hasPk ? historyStart(rng, ctx.lastYear, birthYear + 18) : null;
  const baseMonth = Math.min(vkStart ?? Number.MAX_SAFE_INTEGER, pkStart ?? Number.MAX_SAFE_INTEGER);
  const salary: SalaryPath = { baseYear: yearOf(baseMonth), baseMonthlyCents: rng.int(1800, 6500) * 100, growthBp: rng.int(150, 400) };

  let currentEmployer: EmployerRef | null = null;
  if (vkStart !== null) {
    const span = endIdx - vkStart + 1;
    let n = rng.weighted([1, 2, 3], [60, 28, 12]);
    if (span < 30) n = 1;
    else if (span < 60) n = Math.min(n, 2);
    let first = vkStart;
    let employer: EmployerRef | null = null;
    for (let k = 0; k < n; k++) {
      const remaining = n - 1 - k;
      let last: number | null;
      if (remaining > 0) last = rng.int(first + 6, endIdx - remaining * 14);
      else last = rng.chance(0.85) ? null : rng.int(first, todayIdx - 1);
      employer = pickEmployer(ctx, rng, employer?.id);
      const history = buildVkHistory(
        {
          firstMonth: first,
          lastMonth: last,
          lastYear: ctx.lastYear,
          salary,
          transferIn: rng.chance(0.03) ? { year: rng.int(yearOf(first), ctx.lastYear), cents: rng.int(300, 6000) * 100 } : null,
          allowPayout: true,
        },
        ctx.market,
        rng,
      );
      insertVkAccount(ctx, personId, uniqueNumber(rng, ctx.accountNumbers, 'VK-', 8), employer, history, n);
      if (last === null) currentEmployer = employer;
      else first = last + 2 + rng.int(0, 4);
    }
  }

  let vrg: number | null = null;
  if (pkStart !== null) {
    const startYear = yearOf(pkStart);
    vrg = rng.int(1, VRGS.length);
    const rateBp = rng.pick(startYear >= 2020 ? [150, 175, 200] : [150, 175, 200, 250, 300, 350]);
    const widowTransitionPercent = rng.pick([0, 50, 60, 75]);
    const partnerRule = widowTransitionPercent === 0 ? 'NONE' : rng.pick(['SPOUSE', 'SPOUSE_OR_REGISTERED_PARTNER', 'SPOUSE_OR_COHABITANT']);
    const leaves = endIdx - pkStart >= 48 && rng.chance(0.1);
    const plan: PkPlan = {
      birthDate: p.birthDate,
      gender: p.gender,
      startMonth: pkStart,
      lastYear: ctx.lastYear,
      vrg,
      rateBp,
      salary,
      employerRatePermille: rng.pick([20, 25, 30, 35, 40, 45, 50]),
      contributionsEndMonth: leaves ? rng.int(pkStart + 24, endIdx - 12) : null,
      ownContribution: rng.chance(0.3) ? { monthlyCents: rng.int(2, 20) * 1000, yearProbability: 0.8 } : null,
      employerTransfer: rng.chance(0.03) ? { year: startYear, cents: rng.int(2000, 60000) * 100 } : null,
      employeeTransfer: rng.chance(0.015) ? { year: rng.int(startYear, ctx.lastYear), cents: rng.int(500, 20000) * 100 } : null,
      shortfallStartCents: rng.chance(0.05) ? rng.int(200, 5000) * 100 : 0,
      pensionStartMonth: null,
    };
    insertPkContract(ctx, {
      personId,
      contractNumber: uniqueNumber(rng, ctx.contractNumbers, 'PK-', 7),
      vrg,
      employer: currentEmployer ?? pickEmployer(ctx, rng),
      rateBp,
      widowTransitionPercent,
      partnerRule,
      startDate: firstDayOfMonth(pkStart),
      history: buildPkHistory(plan, ctx.market, rng),
      contractsOfPerson: 1,
    });
  }

  if (rng.chance(0.1)) {
    const count = rng.int(1, 2);
    for (let i = 0; i < count; i++) {
      const counterpart = hasPk && hasVk ? rng.pick(['PENSION_FUND', 'SEVERANCE_FUND'] as const) : hasPk ? 'PENSION_FUND' : 'SEVERANCE_FUND';
      const template = rng.pick(MESSAGE_TEMPLATES[counterpart]);
      const fill = (text: string): string => text.replaceAll('{lastYear}', String(ctx.lastYear));
      const closing = counterpart === 'PENSION_FUND' ? 'Ihre Pensionskasse' : 'Ihre Vorsorgekasse';
      insertMessage(ctx, rng, personId, {
        counterpart,
        origin: 'CORE_SYSTEM',
        subject: fill(template.subject),
        body: `${salutation(p)}\n\n${fill((!ctx.pensionFund && template.regionalBody) || template.body)}\n\nMit freundlichen Grüßen\n${closing}`,
        daysAgo: rng.int(1, 300),
        read: rng.chance(0.65),
      });
    }
  }
}
