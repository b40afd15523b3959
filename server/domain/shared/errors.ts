/**
 * Failures that are thrown rather than returned: the caller has no session, may not see the object, or the
 * input was so malformed that no service ran. Transports map them: GraphQL to `extensions.code`, REST to the
 * documented HTTP status (406 session failure, 423 session timeout, 400 bad request, 404 not found).
 */
export type DomainErrorCode = 'SESSION_INVALID' | 'SESSION_TIMEOUT' | 'NOT_FOUND' | 'BAD_REQUEST' | 'FORBIDDEN';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const sessionInvalid = () => new DomainError('SESSION_INVALID', 'Keine gültige Sitzung.');
export const sessionTimeout = () => new DomainError('SESSION_TIMEOUT', 'Die Sitzung ist abgelaufen.');
export const notFound = () => new DomainError('NOT_FOUND', 'Nicht gefunden.');
