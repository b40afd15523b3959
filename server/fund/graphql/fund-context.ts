import type { AppDeps } from '../../app-deps';
import type { FundPrincipal } from '../access/scopes';

/**
 * What every resolver of the fund's API gets (decision 0053): the verified caller (a machine client of the fund's core
 * system; later a staff person of the workbench, by role), the process's dependencies and services, and the portal's
 * public origin for links (short-lived document downloads).
 */
export interface FundContext {
  principal: FundPrincipal;
  deps: AppDeps;
  /** The portal's public origin, for absolute links (PUBLIC_ORIGIN, else the request's own address). */
  origin: string;
}
