import { useNavigate, useParams } from 'react-router-dom';
import { isIsoDate } from '@contract/dates';
import type { NavigationState } from '../../../lib/navigation-state';

/**
 * The optional `:stichtag` of an account-information route: `stichtag` when the address holds a valid ISO date,
 * `invalid` when it holds something else, and `select` to go to the route of another Stichtag. Selecting keeps focus
 * and scroll position, so a keyboard user stays on the select.
 */
export function useStichtagRoute(getHref: (stichtag?: string) => string) {
  const { stichtag: param } = useParams();
  const navigate = useNavigate();
  const invalid = param !== undefined && !isIsoDate(param);
  const stichtag = param !== undefined && !invalid ? param : undefined;
  const select = (next: string) => {
    const state: NavigationState = { keepFocus: true, keepScroll: true };
    void navigate(getHref(next), { state });
  };
  return { stichtag, invalid, select };
}
