/**
 * ida's post-login questions (db/seed/login-personas.ts: all four open) answered as the REST suite
 * (tests/api/rest/login-flow.test.ts) and the browser test (tests/e2e/login-flow.spec.ts) answer them: Pensionskasse
 * newsletter yes, Vorsorgekasse newsletter no, the benefit statement digital, the account statement by e-mail with
 * the express info, no prize draw. These are the flags of her `persons` row afterwards (SQLite's 0/1).
 */
export const IDA_FLAGS_AFTER_ANSWERS = {
  newsletter_pk: 1,
  newsletter_vk: 0,
  benefit_statement_digital: 1,
  account_statement_by_mail: 1,
  notify_when_payout_possible: 1,
  prize_draw_vk: 0,
} as const;
