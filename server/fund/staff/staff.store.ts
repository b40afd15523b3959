import { and, asc, desc, eq, gt, inArray, isNull, lt, max, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { fundEvents, persons, staffAccounts, staffAudit, staffSessions, type StaffAccountRow, type StaffAuditRow, type StaffSessionRow } from '../../../db/schema';

/** Queries of the workbench's staff accounts, sessions and audit trail (db/schema/staff.ts, decision 0054). */
export function createStaffStore(db: Db) {
  return {
    async byEmail(email: string): Promise<StaffAccountRow | undefined> {
      return (await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1))[0];
    },
    async byId(id: number): Promise<StaffAccountRow | undefined> {
      return (await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1))[0];
    },
    list(): Promise<StaffAccountRow[]> {
      return db.select().from(staffAccounts).orderBy(asc(staffAccounts.email));
    },
    /** The latest session start (ISO instant) of every account that ever signed in, by account id. */
    async lastSignIns(): Promise<Map<number, string>> {
      const rows = await db
        .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt) })
        .from(staffSessions)
        .groupBy(staffSessions.staffId);
      return new Map(rows.flatMap((r) => (r.at === null ? [] : [[r.staffId, r.at] as const])));
    },
    /** The names of the accounts `ids` (the trail shows names, decision 0059). */
    async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: staffAccounts.id, name: staffAccounts.name })
        .from(staffAccounts)
        .where(inArray(staffAccounts.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    /** The members `ids` as "first last" (the trail names its members, decision 0059). */
    async memberNamesOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
        .from(persons)
        .where(inArray(persons.id, [...ids]));
      return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
    },
    /** The id of the fund's latest event (0 when none): a mark before a staff mutation runs. */
    async lastEventId(): Promise<number> {
      const [row] = await db.select({ id: max(fundEvents.id) }).from(fundEvents);
      return row?.id ?? 0;
    },
    /** The events after `afterId` written by `actor` (`staff:<id>`): what a staff mutation changed (decision 0059). */
    eventsAfter(afterId: number, actor: string): Promise<{ type: string; personId: number | null; subjectId: string | null; data: string }[]> {
      return db
        .select({ type: fundEvents.type, personId: fundEvents.personId, subjectId: fundEvents.subjectId, data: fundEvents.data })
        .from(fundEvents)
        .where(and(gt(fundEvents.id, afterId), eq(fundEvents.actor, actor)))
        .orderBy(asc(fundEvents.id))
        .limit(20);
    },
    async insert(row: Omit<StaffAccountRow, 'id'>): Promise<void> {
      await writeTransaction(db, () => db.insert(staffAccounts).values(row));
    },
    async update(id: number, patch: Partial<Omit<StaffAccountRow, 'id'>>): Promise<void> {
      await writeTransaction(db, () => db.update(staffAccounts).set(patch).where(eq(staffAccounts.id, id)));
    },
    /**
     * Accepts a TOTP step for the account when it is later than the last accepted one (one write, so two sign-ins with
     * the same code cannot both pass). Resolves to true when accepted.
     */
    async takeTotpStep(id: number, step: number): Promise<boolean> {
      return writeTransaction(db, async () => {
        const [row] = await db.select({ last: staffAccounts.lastTotpStep }).from(staffAccounts).where(eq(staffAccounts.id, id));
        if (!row || (row.last !== null && row.last >= step)) return false;
        await db.update(staffAccounts).set({ lastTotpStep: step }).where(eq(staffAccounts.id, id));
        return true;
      });
    },
    async insertSession(row: Omit<StaffSessionRow, 'endedAt' | 'endReason'>): Promise<void> {
      await writeTransaction(db, () => db.insert(staffSessions).values({ ...row, endedAt: null, endReason: null }));
    },
    async session(tokenHash: string): Promise<StaffSessionRow | undefined> {
      return (await db.select().from(staffSessions).where(eq(staffSessions.tokenHash, tokenHash)).limit(1))[0];
    },
    async touch(tokenHash: string, at: string): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(staffSessions)
          .set({ lastSeenAt: at })
          .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt))),
      );
    },
    async endSession(tokenHash: string, at: string, reason: NonNullable<StaffSessionRow['endReason']>): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(staffSessions)
          .set({ endedAt: at, endReason: reason })
          .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt))),
      );
    },
    /** Ends every open session of the account but `keepHash` (disable; a password change keeps its own); resolves to how many. */
    async endSessionsOf(staffId: number, at: string, reason: NonNullable<StaffSessionRow['endReason']>, keepHash?: string): Promise<number> {
      return writeTransaction(db, async () => {
        const rows = await db
          .update(staffSessions)
          .set({ endedAt: at, endReason: reason })
          .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt), keepHash === undefined ? undefined : ne(staffSessions.tokenHash, keepHash)))
          .returning({ tokenHash: staffSessions.tokenHash });
        return rows.length;
      });
    },
    /**
     * The trail in order of writing: up to `limit` rows after row `afterId`, of the member `personId` and/or the staff
     * person `staffId` when given (the auditor's view, decision 0054).
     */
    async auditPage(filter: { personId?: number | null; staffId?: number | null }, afterId: number, limit: number): Promise<StaffAuditRow[]> {
      const conditions = [gt(staffAudit.id, afterId)];
      if (filter.personId !== null && filter.personId !== undefined) conditions.push(eq(staffAudit.personId, filter.personId));
      if (filter.staffId !== null && filter.staffId !== undefined) conditions.push(eq(staffAudit.staffId, filter.staffId));
      return db
        .select()
        .from(staffAudit)
        .where(and(...conditions))
        .orderBy(asc(staffAudit.id))
        .limit(limit);
    },

    /** Appends audit rows (the table refuses updates and deletes). */
    async audit(rows: Omit<StaffAuditRow, 'id'>[]): Promise<void> {
      if (rows.length) await writeTransaction(db, () => db.insert(staffAudit).values(rows));
    },
    /** Audit rows, newest first, filtered by member and/or staff person, before the id `beforeId`. */
    trail(filter: { personId?: number | undefined; staffId?: number | undefined; beforeId?: number | undefined }, limit: number): Promise<StaffAuditRow[]> {
      const conditions = [
        filter.personId === undefined ? undefined : eq(staffAudit.personId, filter.personId),
        filter.staffId === undefined ? undefined : eq(staffAudit.staffId, filter.staffId),
        filter.beforeId === undefined ? undefined : lt(staffAudit.id, filter.beforeId),
      ].filter((c) => c !== undefined);
      return db
        .select()
        .from(staffAudit)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(staffAudit.id))
        .limit(limit);
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
