/**
 * The optional `:vrg` segment of /veranlagung/pensionskasse/vrg{vrg}: the VRG number, `undefined` without a segment,
 * or `null` for a segment that is not `vrg` followed by a number from 1 to 9999 (shown like a VRG the member does not
 * belong to).
 */
export function parseVrgSegment(segment: string | undefined): number | null | undefined {
  if (segment === undefined) return undefined;
  const match = /^vrg([1-9]\d{0,3})$/.exec(segment);
  return match ? Number(match[1]) : null;
}
