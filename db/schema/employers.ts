import { integer, table, text, uniqueIndex } from './kit';

/**
 * An employer. In the Pensionskasse an employer joins through a customer (Kunde): the company, often the group
 * parent, that signed the pension fund agreement; customer and employer can be the same company.
 */
export const employers = table(
  'employers',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Customer number in the funds' core system. */
    customerNumber: text().notNull(),
    name: text().notNull(),
    city: text().notNull(),
    /** The contracting customer (Kunde) when it is another company than the employer itself. */
    parentId: integer(),
  },
  (t) => [uniqueIndex('employers_customer_number_uq').on(t.customerNumber)],
);

export type EmployerRow = typeof employers.$inferSelect;
