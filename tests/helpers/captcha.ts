import { solveChallenge } from 'altcha-lib/v1';
import { encodeCaptchaSolution, type CaptchaChallenge } from '@contract/captcha';
import { graphql } from '../gql';
import type { PortalClient } from './client';

/** The public `captchaChallenge` query with the fields the web's captcha reads (web/src/components/ui/captcha.tsx). */
export const CAPTCHA_CHALLENGE = graphql(`
  query CaptchaHelperChallenge {
    captchaChallenge {
      ...Captcha_CaptchaChallengeFragment
    }
  }
`);

/** Solves `challenge` by brute force as the browser does (altcha-lib's solver) and encodes the `captcha` field value. */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxNumber).promise;
  if (!solution) throw new Error('captcha challenge has no solution in its range');
  return encodeCaptchaSolution(challenge, solution.number);
}

/** Fetches a challenge over GraphQL (`captchaChallenge`, public) with `client` and solves it. */
export async function fetchAndSolveCaptcha(client: PortalClient): Promise<string> {
  const { body } = await client.operation(CAPTCHA_CHALLENGE);
  if (!body.data) throw new Error(`captchaChallenge failed: ${JSON.stringify(body.errors)}`);
  return solveCaptcha(body.data.captchaChallenge);
}
