import type { Err } from '../../platform/shared/result';

/**
 * A refusal as the fund's mutations answer it (`FundError` of server/fund/graphql/fund-base.graphql, decision 0053):
 * a stable code, an English message for the integrator's log, and the input field it is about (a dotted path such as
 * `figures.pk.totalCapitalCents`), or null.
 */
export interface FundRefusal {
  code: string;
  message: string;
  field: string | null;
}

/** The `FundError` of a service refusal: its code, the code's message from `messages`, its first field error's field. */
export function fundRefusalOf<E extends string>(result: Err<E>, messages: Readonly<Record<E, string>>): FundRefusal {
  return { code: result.code, message: messages[result.code], field: result.fieldErrors[0]?.field ?? null };
}
