/**
 * The event types of the fund's feed (decision 0053): one for every change a member or the fund makes that the fund's
 * core system must learn of. Dotted `area.change`; webhook endpoints subscribe by exact type or `area.*`.
 */
export const FUND_EVENT_TYPES = [
  'claim.submitted',
  'claim.status_changed',
  'message.received',
  'message.sent',
  'form.submitted',
  'upload.received',
  'upload.assigned',
  'merge.requested',
  'merge.resolved',
  'mandate.created',
  'mandate.changed',
  'mandate.cancelled',
  'premium.applied',
  'profile.address_changed',
  'profile.bank_changed',
  'profile.email_changed',
  'consent.changed',
  'access.deleted',
  'statement.imported',
  'member.upserted',
  'bank.change_entered',
  'bank.change_approved',
  'bank.change_rejected',
  'work.assigned',
  'work.released',
] as const;

export type FundEventType = (typeof FUND_EVENT_TYPES)[number];

/** True for a known event type. */
export function isFundEventType(value: string): value is FundEventType {
  return (FUND_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * True when `type` matches one of the space-separated `patterns`: an exact type, `area.*` for every type of an area,
 * or `*` for all.
 */
export function matchesEventPatterns(type: string, patterns: string): boolean {
  return patterns
    .split(' ')
    .filter((p) => p !== '')
    .some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));
}

/**
 * The patterns of a `--events` list, checked: each an exact event type, `area.*` of a known area, or `*`. Resolves to
 * the normalised list, or the first unknown pattern.
 */
export function parseEventPatterns(text: string): { patterns: string[] } | { unknown: string } {
  const patterns = [...new Set(text.split(/\s+/).filter((p) => p !== ''))];
  const areas = new Set(FUND_EVENT_TYPES.map((t) => t.split('.')[0]!));
  for (const p of patterns) {
    const known = p === '*' || isFundEventType(p) || (p.endsWith('.*') && areas.has(p.slice(0, -2)));
    if (!known) return { unknown: p };
  }
  return patterns.length === 0 ? { unknown: '' } : { patterns };
}

/** Who made a change: a member, a machine client of the fund, a staff person, or the portal itself. */
export type EventActor = { kind: 'member'; personId: number } | { kind: 'client'; clientId: string } | { kind: 'staff'; staffId: string } | { kind: 'system' };

/** The `actor` column's text of an actor. */
export function actorText(actor: EventActor): string {
  switch (actor.kind) {
    case 'member':
      return `member:${actor.personId}`;
    case 'client':
      return `client:${actor.clientId}`;
    case 'staff':
      return `staff:${actor.staffId}`;
    case 'system':
      return 'system';
  }
}
