/** Lazy route module of /gm[/{step}], the severance claim (both tenants). */
export { ClaimPage as Component } from '../../features/claim/components/claim-page';
