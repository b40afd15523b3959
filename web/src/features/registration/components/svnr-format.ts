import { formatInsuranceNumberInput } from '@contract/svnr';

/**
 * Input grouping of the insurance number (spec 000 section 5: "Input is grouped 4-6"): digits grouped
 * `1237 010180`; the fund's internal numbers `R…` and `A…` keep their upper-case letter and digits
 * (schema/contract/svnr.ts `formatInsuranceNumberInput`).
 */
export const formatSvnrInput = formatInsuranceNumberInput;
