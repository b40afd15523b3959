/**
 * Row writers of the seed: employers, persons, bank accounts, PK contracts and VK accounts with their statements and
 * archive documents, and messages. Every draw comes from the `Rng` passed in (db/seed/random.ts).
 */
import { isValidBIC } from 'ibantools';
import { formatDate } from '@contract/format';
import { addDays, type Gender } from './calendar';
import { type PkHistory, type VkHistory } from './history';
import { BANKS, EMPLOYER_REGIONS, EMPLOYER_TRADES, LAST_NAMES, LEGAL_FORM_WEIGHTS, LEGAL_FORMS, POSTAL_PLACES } from './names';
import type { PersonaConversationMessage } from './personas';
import type { Rng } from './random';
import { austrianIban, type Context, type EmployerRef, isoInstant, messageSeeded, rowId, toBool } from './seed-context';

/** About max(50, members / 20) employers with unique names and customer numbers; ~20 % belong to a group parent. */
export function insertEmployers(ctx: Context, rng: Rng, count: number): void {
  const names = new Set<string>();
  const topLevel: number[] = [];
  let customerNumber = 1_000_000;
  for (let i = 0; i < count; i++) {
    let name = '';
    for (let attempt = 0; attempt < 30 && (name === '' || names.has(name)); attempt++) {
      const form = rng.weighted(LEGAL_FORMS, LEGAL_FORM_WEIGHTS);
      const style = rng.next();
      if (style < 0.65) name = `${rng.pick(EMPLOYER_REGIONS)} ${rng.pick(EMPLOYER_TRADES)} ${form}`;
      else if (style < 0.92) name = `${rng.pick(LAST_NAMES)} ${rng.pick(EMPLOYER_TRADES)} ${form}`;
      else name = `${rng.pick(LAST_NAMES)} & ${rng.pick(LAST_NAMES)} ${form === 'AG' ? 'OG' : form}`;
    }
    if (names.has(name)) name = `${name.replace(/ (GmbH.*|AG|KG|OG|Gesellschaft m\.b\.H\.)$/, '')} ${i + 1} GmbH`;
    names.add(name);
    customerNumber += rng.int(1, 40);
    const parentId = i >= 5 && rng.chance(0.2) ? rng.pick(topLevel) : null;
    const info = ctx.stmts.employer.run(String(customerNumber), name, rng.pick(POSTAL_PLACES).city, parentId);
    const id = rowId(info.lastInsertRowid);
    if (parentId === null) topLevel.push(id);
    ctx.employers.push({ id, parentId });
  }
  ctx.stats.employers = count;
}

/** An employer, skewed towards the first ones (a few large companies, many small). */
export function pickEmployer(ctx: Context, rng: Rng, except?: number): EmployerRef {
  for (;;) {
    const e = ctx.employers[Math.floor(ctx.employers.length * rng.next() ** 2)]!;
    if (e.id !== except || ctx.employers.length === 1) return e;
  }
}

export interface PersonData {
  svnr: string;
  lfn: number;
  gender: Gender;
  titlePrefix: string | null;
  titleSuffix: string | null;
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string | null;
  phone: string | null;
  street: string;
  postcode: string;
  city: string;
  addressValidFrom: string;
  newsletterPk: boolean | null;
  newsletterVk: boolean | null;
  benefitStatementDigital: boolean | null;
  accountStatementByMail: boolean;
  notifyWhenPayoutPossible: boolean;
  prizeDrawVk: boolean | null;
}

/** Inserts a person row; returns its id. */
export function insertPerson(ctx: Context, p: PersonData): number {
  const info = ctx.stmts.person.run(
    p.svnr,
    p.lfn,
    p.gender,
    p.titlePrefix,
    p.titleSuffix,
    p.firstName,
    p.lastName,
    p.birthDate,
    p.email,
    p.phone,
    p.street,
    p.postcode,
    p.city,
    'AT',
    null,
    p.addressValidFrom,
    toBool(p.newsletterPk),
    toBool(p.newsletterVk),
    toBool(p.benefitStatementDigital),
    toBool(p.accountStatementByMail),
    toBool(p.notifyWhenPayoutPossible),
    toBool(p.prizeDrawVk),
    'ACTIVE',
    ctx.createdAt,
    ctx.createdAt,
  );
  ctx.stats.persons++;
  return rowId(info.lastInsertRowid);
}

export function insertBankAccount(ctx: Context, personId: number, holder: string, blz: string, accountNumber: string, validFrom: string): void {
  const bank = BANKS.find((b) => b.blz === blz);
  if (!bank) throw new Error(`seed: unknown bank code ${blz}`);
  const iban = austrianIban(blz, accountNumber);
  if (!isValidBIC(bank.bic)) throw new Error(`seed: invalid BIC ${bank.bic}`);
  ctx.stmts.bankAccount.run(personId, holder, bank.name, iban, bank.bic, validFrom);
}

interface PkContractData {
  personId: number;
  contractNumber: string;
  vrg: number;
  employer: EmployerRef;
  rateBp: number;
  widowTransitionPercent: number;
  partnerRule: string;
  startDate: string;
  history: PkHistory;
  /** Number of PK contracts of the person; with more than one, titles and file names carry the contract number. */
  contractsOfPerson: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Documents archive (the PDFs are rendered on request from the rows these documents point at)
// ---------------------------------------------------------------------------------------------------------------

type DocumentCategory = 'TAX_CONFIRMATION' | 'PERFORMANCE_STATEMENT' | 'VK_ACCOUNT_STATEMENT' | 'PAYMENT_STATEMENT' | 'PENSION_MODEL_INFO';

/**
 * Instants of the documents of statement year `year`: produced on 15 February of the next year and read a week later
 * (both at most the seed's "now", `ctx.createdAt`). Memoised: 1.7 million documents share about 25 years.
 */
export function documentTimes(ctx: Context, year: number): { createdAt: string; readAt: string } {
  let times = ctx.documentTimes.get(year);
  if (!times) {
    const cap = (iso: string): string => (iso < ctx.createdAt ? iso : ctx.createdAt);
    times = { createdAt: cap(`${year + 1}-02-15T06:00:00.000Z`), readAt: cap(`${year + 1}-02-22T17:30:00.000Z`) };
    ctx.documentTimes.set(year, times);
  }
  return times;
}

/** Inserts one document row; `read` false leaves it unread (read_at NULL). */
function insertDocument(
  ctx: Context,
  personId: number,
  d: { category: DocumentCategory; fund: 'PK' | 'VK'; title: string; date: string; sourceTable: string; sourceId: number; fileName: string },
  times: { createdAt: string; readAt: string },
  read: boolean,
): void {
  ctx.stmts.document.run(personId, d.category, d.fund, d.title, d.date, d.sourceTable, d.sourceId, d.fileName, times.createdAt, read ? times.readAt : null);
  ctx.stats.documents++;
}

export function insertPkContract(ctx: Context, c: PkContractData): void {
  const info = ctx.stmts.pkContract.run(
    c.personId,
    c.contractNumber,
    c.vrg,
    c.employer.id,
    c.employer.parentId ?? c.employer.id,
    c.rateBp,
    c.widowTransitionPercent,
    c.partnerRule,
    c.history.role,
    c.startDate,
    c.history.pensionStartDate,
    c.history.monthlyPensionCents,
  );
  const contractId = rowId(info.lastInsertRowid);
  const several = c.contractsOfPerson > 1;
  const titleSuffix = several ? ` – Vertrag ${c.contractNumber}` : '';
  const fileSuffix = several ? `_${c.contractNumber}` : '';
  // The pension model information of the contract, dated at the contract start and long read.
  const startTimes = { createdAt: `${c.startDate}T06:00:00.000Z`, readAt: `${addDays(c.startDate, 14)}T17:30:00.000Z` };
  insertDocument(
    ctx,
    c.personId,
    {
      category: 'PENSION_MODEL_INFO',
      fund: 'PK',
      title: `Informationen zum Pensionskassenmodell${titleSuffix}`,
      date: c.startDate,
      sourceTable: 'pk_contracts',
      sourceId: contractId,
      fileName: `Pensionskassenmodell_${c.contractNumber}.pdf`,
    },
    { createdAt: startTimes.createdAt < ctx.createdAt ? startTimes.createdAt : ctx.createdAt, readAt: startTimes.readAt < ctx.createdAt ? startTimes.readAt : ctx.createdAt },
    true,
  );
  forEachStatement(c.history.statements, (s, stichtag, newest) => {
    const statementId = rowId(ctx.stmts.pkStatement.run({ contractId, stichtag, ...s }).lastInsertRowid);
    const times = documentTimes(ctx, s.year);
    const source = { fund: 'PK' as const, date: stichtag, sourceTable: 'pk_statements', sourceId: statementId };
    // The newest Leistungsnachweis is unread; everything older has been read.
    insertDocument(
      ctx,
      c.personId,
      {
        ...source,
        category: 'PERFORMANCE_STATEMENT',
        title: `Leistungsnachweis zum ${formatDate(stichtag)}${titleSuffix}`,
        fileName: `Leistungsnachweis_${s.year}${fileSuffix}.pdf`,
      },
      times,
      !newest,
    );
    if (s.employeeContributionsCents > 0) {
      insertDocument(
        ctx,
        c.personId,
        {
          ...source,
          category: 'TAX_CONFIRMATION',
          title: `Bestätigung über Eigenbeiträge ${s.year} für das Finanzamt${titleSuffix}`,
          fileName: `Bestätigung_Eigenbeiträge_${s.year}${fileSuffix}.pdf`,
        },
        times,
        true,
      );
    }
    if (s.pensionPaymentsCents > 0) {
      insertDocument(
        ctx,
        c.personId,
        { ...source, category: 'PAYMENT_STATEMENT', title: `Pensionsauszahlungen ${s.year}${titleSuffix}`, fileName: `Pensionsauszahlungen_${s.year}${fileSuffix}.pdf` },
        times,
        true,
      );
    }
  });
  ctx.stats.pkContracts++;
  ctx.stats.pkStatements += c.history.statements.length;
}

/**
 * Calls `insert` with each yearly statement of a PK contract or VK account, in their order, its Stichtag (31 December
 * of its `year`, ISO date) and whether it is the last (newest) one, whose document the seed leaves unread.
 */
function forEachStatement<S extends { year: number }>(statements: readonly S[], insert: (s: S, stichtag: string, newest: boolean) => void): void {
  statements.forEach((s, i) => insert(s, `${s.year}-12-31`, i === statements.length - 1));
}

/**
 * Inserts a VK account, its statements and one Kontonachricht document per statement (the newest unread). With more
 * than one account of the person (`accountsOfPerson`), titles and file names carry the account number.
 */
export function insertVkAccount(ctx: Context, personId: number, accountNumber: string, employer: EmployerRef, history: VkHistory, accountsOfPerson: number): void {
  const info = ctx.stmts.vkAccount.run(personId, accountNumber, employer.id, history.startDate, history.endDate, history.status, history.rightToDecideSince);
  const accountId = rowId(info.lastInsertRowid);
  const several = accountsOfPerson > 1;
  forEachStatement(history.statements, (s, stichtag, newest) => {
    const statementId = rowId(ctx.stmts.vkStatement.run({ accountId, stichtag, ...s }).lastInsertRowid);
    insertDocument(
      ctx,
      personId,
      {
        category: 'VK_ACCOUNT_STATEMENT',
        fund: 'VK',
        title: `Kontonachricht zum ${formatDate(stichtag)}${several ? ` – Konto ${accountNumber}` : ''}`,
        date: stichtag,
        sourceTable: 'vk_statements',
        sourceId: statementId,
        fileName: `Kontonachricht_${s.year}${several ? `_${accountNumber}` : ''}.pdf`,
      },
      documentTimes(ctx, s.year),
      !newest,
    );
  });
  ctx.stats.vkAccounts++;
  ctx.stats.vkStatements += history.statements.length;
}

/**
 * Inserts an inbound message sent `daysAgo` days before today at a seeded time of day; `read` marks it read
 * some minutes to days later (never after today).
 */
export function insertMessage(
  ctx: Context,
  rng: Rng,
  personId: number,
  m: { counterpart: string; origin: string; subject: string; body: string; daysAgo: number; read: boolean },
): void {
  const sentMs = ctx.todayMs - m.daysAgo * 86_400_000 + rng.int(6, 17) * 3_600_000 + rng.int(0, 59) * 60_000;
  const latestRead = Math.min(14 * 86_400_000, ctx.todayMs - sentMs);
  const readAt = m.read ? isoInstant(sentMs + rng.int(600_000, Math.max(600_000, latestRead))) : null;
  // Drawn before the check, so the rest of the population is the same on both tenants.
  if (!messageSeeded(ctx, m.counterpart)) return;
  ctx.stmts.message.run(personId, m.counterpart, m.subject.slice(0, 100), m.body, m.origin, isoInstant(sentMs), readAt);
  ctx.stats.messages++;
}

/**
 * Inserts one message of a persona's seeded conversation at 09:00 UTC `daysAgo` days before today:
 * the member's question (OUTBOUND, PORTAL) or the fund's answer (INBOUND, CLERK, read an hour later). Uses no random
 * numbers, so the generated population stays the same.
 */
export function insertConversationMessage(ctx: Context, personId: number, m: PersonaConversationMessage): void {
  if (!messageSeeded(ctx, m.counterpart)) return;
  const sentMs = ctx.todayMs - m.daysAgo * 86_400_000 + 9 * 3_600_000;
  if (m.fromMember) ctx.stmts.sentMessage.run(personId, m.counterpart, m.subject, m.body, isoInstant(sentMs), isoInstant(sentMs));
  else ctx.stmts.message.run(personId, m.counterpart, m.subject, m.body, 'CLERK', isoInstant(sentMs), isoInstant(sentMs + 3_600_000));
  ctx.stats.messages++;
}
