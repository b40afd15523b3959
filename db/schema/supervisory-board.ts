import { index, integer, table, text, uniqueIndex } from './kit';
import { persons } from './persons';

/** The fund whose supervisory board (Aufsichtsrat) a seat belongs to. */
export const BOARD_FUNDS = ['PENSION_FUND', 'SEVERANCE_FUND'] as const;

/**
 * A seat on a fund's supervisory board (Aufsichtsrat; spec 001 sections 1 and 6, decision 0026), as the core
 * system's import delivers it (docs/decisions/0026-supervisory-board-inbox.md). A person with a current seat
 * (`since` ≤ today ≤ `until`, `until` null = open) sees the supervisory-board inbox; whether they also see own
 * contracts depends only on their contracts and accounts, never on the seat.
 */
export const supervisoryBoardSeats = table(
  'supervisory_board_seats',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** PENSION_FUND (Pensionskasse) or SEVERANCE_FUND (Vorsorgekasse). */
    fund: text({ enum: BOARD_FUNDS }).notNull(),
    /** First day of the term of office (ISO date). */
    since: text().notNull(),
    /** Last day of the term of office (ISO date); null while the term is open. */
    until: text(),
    /** When the core-system import last delivered the seat (ISO instant). */
    importedAt: text().notNull(),
  },
  (t) => [uniqueIndex('supervisory_board_seats_person_fund_since_uq').on(t.personId, t.fund, t.since), index('supervisory_board_seats_person_idx').on(t.personId)],
);

export type SupervisoryBoardSeatRow = typeof supervisoryBoardSeats.$inferSelect;
