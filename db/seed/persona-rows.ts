/**
 * Rows of the demo personas (db/seed/personas.ts, login-personas.ts): the persona itself, the login flags, the
 * customer mailbox of contact persons and the supervisory board with its inbox.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { buildPkHistory, buildVkHistory, type PkPlan } from './history';
import { firstDayOfMonth } from './calendar';
import { demoActivationToken, type LoginSetup } from './login-personas';
import { BOARD_ONLY_PERSONAS, BOARD_PERSONA_LFN, supervisoryBoardPlans } from './board-personas';
import { type Persona, type PersonaFundPlan } from './personas';
import { hashSeed, Rng } from './random';
import { insertBankAccount, insertConversationMessage, insertMessage, insertPerson, insertPkContract, insertVkAccount } from './rows';
import { type Context, type EmployerRef, isoInstant, messageSeeded, uniqueNumber } from './seed-context';

// ---------------------------------------------------------------------------------------------------------------
// Personas
// ---------------------------------------------------------------------------------------------------------------

export function seedPersona(ctx: Context, persona: Omit<Persona, 'key'> & { key: string }, lfn: number, passwordHash: string, plan: PersonaFundPlan): number {
  const rng = new Rng(hashSeed('persona', persona.key));
  ctx.svnrs.add(persona.svnr);
  ctx.emails.add(persona.email);
  const personId = insertPerson(ctx, {
    svnr: persona.svnr,
    lfn,
    gender: persona.gender,
    titlePrefix: persona.titlePrefix,
    titleSuffix: persona.titleSuffix,
    firstName: persona.firstName,
    lastName: persona.lastName,
    birthDate: persona.birthDate,
    email: persona.email,
    phone: persona.phone,
    street: persona.street,
    postcode: persona.postcode,
    city: persona.city,
    addressValidFrom: '2015-03-01',
    newsletterPk: plan.pk ? true : null,
    newsletterVk: plan.vk.length > 0 ? false : null,
    benefitStatementDigital: plan.pk ? true : null,
    accountStatementByMail: plan.vk.length > 0,
    notifyWhenPayoutPossible: persona.key === 'bernd',
    // Answered once, so that the demo logins do not ask the prize-draw question every time.
    prizeDrawVk: plan.vk.length > 0 ? false : null,
  });
  if (persona.eidBpk) ctx.stmts.personEidBpk.run(persona.eidBpk, personId);
  ctx.stmts.credential.run(personId, passwordHash, ctx.createdAt, ctx.createdAt);
  insertBankAccount(ctx, personId, `${persona.firstName} ${persona.lastName}`, persona.bank.blz, persona.bank.accountNumber, '2015-03-01');

  const employerAt = (index: number): EmployerRef => ctx.employers[index % ctx.employers.length]!;
  if (plan.pk) {
    const pkPlan: PkPlan = {
      birthDate: persona.birthDate,
      gender: persona.gender,
      startMonth: plan.pk.startMonth,
      lastYear: ctx.lastYear,
      vrg: plan.pk.vrg,
      rateBp: plan.pk.rateBp,
      salary: plan.salary,
      employerRatePermille: plan.pk.employerRatePermille,
      contributionsEndMonth: null,
      ownContribution: plan.pk.ownContributionMonthlyCents === null ? null : { monthlyCents: plan.pk.ownContributionMonthlyCents, yearProbability: 1 },
      employerTransfer: null,
      employeeTransfer: null,
      shortfallStartCents: 0,
      pensionStartMonth: plan.pk.pensionStartMonth,
    };
    insertPkContract(ctx, {
      personId,
      contractNumber: uniqueNumber(rng, ctx.contractNumbers, 'PK-', 7),
      vrg: plan.pk.vrg,
      employer: employerAt(plan.pk.employerIndex),
      rateBp: plan.pk.rateBp,
      widowTransitionPercent: plan.pk.widowTransitionPercent,
      partnerRule: plan.pk.partnerRule,
      startDate: firstDayOfMonth(plan.pk.startMonth),
      history: buildPkHistory(pkPlan, ctx.market, rng),
      contractsOfPerson: 1,
    });
  }
  for (const account of plan.vk) {
    const history = buildVkHistory(
      { firstMonth: account.firstMonth, lastMonth: account.lastMonth, lastYear: ctx.lastYear, salary: plan.salary, transferIn: null, allowPayout: false },
      ctx.market,
      rng,
    );
    insertVkAccount(ctx, personId, uniqueNumber(rng, ctx.accountNumbers, 'VK-', 8), employerAt(account.employerIndex), history, plan.vk.length);
  }
  for (const m of plan.messages) insertMessage(ctx, rng, personId, m);
  for (const m of plan.conversation ?? []) insertConversationMessage(ctx, personId, m);
  return personId;
}

/**
 * The customer's mailbox (spec 000 section 4, ASP; decision 0022): the first contact person seeded for a customer
 * gets a conversation in its name, a question of the customer and the fund's unread answer, visible to every contact
 * person acting for that customer.
 */
function seedCustomerMailbox(c: Database.Database, ctx: Context, personId: number, customer: string): void {
  const existing = c.prepare('SELECT count(*) AS n FROM messages WHERE customer_designation = ?').get(customer) as { n: number };
  if (existing.n > 0) return;
  const asked = isoInstant(ctx.todayMs - 9 * 86_400_000);
  const answered = isoInstant(ctx.todayMs - 2 * 86_400_000);
  // The customer's fund: the Pensionskasse, or on the regional tenant (none there) the Vorsorgekasse.
  const counterpart = ctx.pensionFund ? 'PENSION_FUND' : 'SEVERANCE_FUND';
  const closing = ctx.pensionFund ? 'Ihre Pensionskasse' : 'Ihre Vorsorgekasse';
  const insert = c.prepare(
    `INSERT INTO messages (person_id, customer_designation, direction, counterpart, subject, body, origin, sent_at, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(
    personId,
    customer,
    'OUTBOUND',
    counterpart,
    `Beitragsmeldung ${customer}`,
    `Bitte um Bestätigung der Beitragsmeldung der ${customer} für das laufende Quartal.`,
    'PORTAL',
    asked,
    asked,
  );
  insert.run(
    personId,
    customer,
    'INBOUND',
    counterpart,
    `AW: Beitragsmeldung ${customer}`,
    `Sehr geehrte Damen und Herren,\n\ndie Beitragsmeldung der ${customer} ist vollständig bei uns eingelangt.\n\nMit freundlichen Grüßen\n${closing}`,
    'CLERK',
    answered,
    null,
  );
}

/**
 * A one-page PDF (PDF 1.4, Helvetica) showing `title`: the seeded board documents. Characters outside printable ASCII
 * are replaced by `?`, so the standard font needs no encoding table.
 */
function boardDocumentPdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 16 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Supervisory board (decision 0026): the board-only personas (no contract), then for every board
 * persona its seats and its supervisory-board inbox (mailbox_kind BOARD; attachments as one-page PDFs). Messages are
 * dated at 09:00 UTC `daysAgo` days before today and read an hour later; no random numbers are used.
 */
export function seedSupervisoryBoard(c: Database.Database, ctx: Context, sharedHash: string): void {
  const emptyPlan: PersonaFundPlan = { salary: { baseYear: ctx.lastYear, baseMonthlyCents: 300_000, growthBp: 200 }, pk: null, vk: [], messages: [] };
  BOARD_ONLY_PERSONAS.forEach((persona, i) => seedPersona(ctx, persona, BOARD_PERSONA_LFN + i, sharedHash, emptyPlan));
  const seat = c.prepare('INSERT INTO supervisory_board_seats (person_id, fund, since, until, imported_at) VALUES (?, ?, ?, ?, ?)');
  const message = c.prepare(
    `INSERT INTO messages (person_id, mailbox_kind, direction, counterpart, subject, body, origin, sent_at, read_at) VALUES (?, 'BOARD', 'INBOUND', ?, ?, ?, 'CLERK', ?, ?)`,
  );
  const attachment = c.prepare('INSERT INTO message_attachments (message_id, file_name, content_type, size_bytes, content) VALUES (?, ?, ?, ?, ?)');
  for (const plan of supervisoryBoardPlans(ctx.lastYear)) {
    const personId = c.prepare('SELECT id FROM persons WHERE email = ?').pluck().get(plan.email) as number;
    for (const s of plan.seats) seat.run(personId, s.fund, s.since, s.until, ctx.createdAt);
    for (const m of plan.messages.filter((x) => messageSeeded(ctx, x.counterpart))) {
      const sentMs = ctx.todayMs - m.daysAgo * 86_400_000 + 9 * 3_600_000;
      const id = Number(message.run(personId, m.counterpart, m.subject.slice(0, 100), m.body, isoInstant(sentMs), m.read ? isoInstant(sentMs + 3_600_000) : null).lastInsertRowid);
      if (m.attachment) {
        const pdf = boardDocumentPdf(m.subject);
        attachment.run(id, m.attachment, 'application/pdf', pdf.length, pdf);
      }
      ctx.stats.messages++;
    }
  }
}

/** Applies a login persona's flags (db/seed/login-personas.ts) to its freshly inserted rows. */
export function applyLoginSetup(c: Database.Database, ctx: Context, personId: number, setup: LoginSetup, seed: number, log: (msg: string) => void): void {
  const set = (column: string, value: string | number | null) => c.prepare(`UPDATE persons SET ${column} = ? WHERE id = ?`).run(value, personId);
  if (setup.termsPending) set('terms_pending', setup.termsPending);
  if (setup.annualStatementDecisionPending) set('annual_statement_decision_pending', 1);
  if (setup.loginDataSyncPending) set('login_data_sync_pending', 1);
  if (setup.emailUpdatePending) set('email_update_pending', setup.emailUpdatePending);
  if (setup.registrationUpdatePending) set('registration_update_pending', 1);
  if (setup.membershipStatus) set('membership_status', setup.membershipStatus);
  if (setup.openQuestions) {
    c.prepare(
      'UPDATE persons SET newsletter_pk = NULL, newsletter_vk = NULL, benefit_statement_digital = NULL, account_statement_by_mail = 0, prize_draw_vk = NULL WHERE id = ?',
    ).run(personId);
  }
  if (setup.accessStatus) c.prepare('UPDATE credentials SET access_status = ? WHERE person_id = ?').run(setup.accessStatus, personId);
  for (const duty of setup.duties ?? []) {
    c.prepare('INSERT INTO contact_duties (person_id, customer_designation, function_groups) VALUES (?, ?, ?)').run(
      personId,
      duty.customerDesignation,
      JSON.stringify(duty.functionGroups),
    );
    seedCustomerMailbox(c, ctx, personId, duty.customerDesignation);
  }
  if (setup.accessStatus === 'PENDING_ACTIVATION') {
    const token = demoActivationToken(seed);
    const expires = isoInstant(ctx.todayMs + 30 * 86_400_000);
    c.prepare(`INSERT INTO person_tokens (token_hash, person_id, purpose, created_at, expires_at, used_at) VALUES (?, ?, 'ACTIVATION', ?, ?, NULL)`).run(
      createHash('sha256').update(token).digest('base64url'),
      personId,
      ctx.createdAt,
      expires,
    );
    log(`demo activation link: /#/activation?id=${token}`);
  }
}
