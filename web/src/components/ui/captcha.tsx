import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { encodeCaptchaSolution, type CaptchaChallenge } from '@contract/captcha';
import { graphql } from '../../gql';
import type { CaptchaWorkerAnswer, CaptchaWorkerRequest } from './captcha.worker';

/** Everything of a challenge the solver and the answer's encoding need (decision 0024); the API suites spread it too. */
export const CaptchaChallengeFragment = graphql(`
  fragment Captcha_CaptchaChallengeFragment on CaptchaChallenge {
    algorithm
    challenge
    maxNumber
    salt
    signature
  }
`);

export const Captcha_ChallengeQuery = graphql(`
  query Captcha_Challenge {
    captchaChallenge {
      ...Captcha_CaptchaChallengeFragment
    }
  }
`);

/** Where the captcha stands: fetching and solving, solved (`value` set), or failed (retry offered). */
export type CaptchaStatus = 'solving' | 'solved' | 'failed';

/** Solves `challenge` in a Web Worker; resolves to the number or null. */
function solveInWorker(challenge: CaptchaChallenge): { promise: Promise<number | null>; cancel: () => void } {
  const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
  const promise = new Promise<number | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<CaptchaWorkerAnswer>) => {
      resolve(event.data.number);
      worker.terminate();
    };
    worker.onerror = () => {
      resolve(null);
      worker.terminate();
    };
    const request: CaptchaWorkerRequest = { challenge: challenge.challenge, salt: challenge.salt, algorithm: challenge.algorithm, maxNumber: challenge.maxNumber };
    worker.postMessage(request);
  });
  return { promise, cancel: () => worker.terminate() };
}

/**
 * The self-hosted captcha of a public form (decision 0024): on mount it fetches a challenge (`captchaChallenge`) and
 * solves the proof of work in a Web Worker; `value` is then the form's `captcha` field. Nothing is asked of the user
 * and nothing leaves the portal. `renew()` starts over (after the server refused a used or expired solution).
 */
export function useCaptcha() {
  const { data, error, loading, refetch } = useQuery(Captcha_ChallengeQuery, { fetchPolicy: 'no-cache', notifyOnNetworkStatusChange: true });
  const [solved, setSolved] = useState<{ challenge: string; value: string | null } | null>(null);
  const challenge = data?.captchaChallenge;

  useEffect(() => {
    if (!challenge) return undefined;
    const run = solveInWorker(challenge);
    void run.promise.then((number) => setSolved({ challenge: challenge.challenge, value: number === null ? null : encodeCaptchaSolution(challenge, number) }));
    return run.cancel;
  }, [challenge]);

  const current = challenge && solved?.challenge === challenge.challenge ? solved : null;
  const status: CaptchaStatus = error || (current && current.value === null) ? 'failed' : loading || !current ? 'solving' : 'solved';
  const value = status === 'solved' ? (current?.value ?? null) : null;
  const renew = useCallback(async () => {
    await refetch().catch(() => undefined);
  }, [refetch]);

  return { status, value, renew };
}

interface CaptchaProps {
  captcha: ReturnType<typeof useCaptcha>;
  /** The server's refusal of the solution (used or expired), shown at the field. */
  fieldError?: string | undefined;
}

/**
 * The captcha's field: a labelled group whose status is announced politely (`role="status"`), with a retry button
 * when solving failed. Texts from the catalogue (`captcha.*`).
 */
export function Captcha({ captcha, fieldError }: CaptchaProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={fieldError ? 'field field--invalid captcha' : 'field captcha'} aria-describedby="captcha-privacy">
      <legend className="field__label">{t('captcha.label')}</legend>
      <p role="status" className="captcha__status" data-status={captcha.status}>
        {t(`captcha.status.${captcha.status}`)}
      </p>
      {captcha.status === 'failed' ? (
        <button type="button" className="button button--secondary" onClick={() => void captcha.renew()}>
          {t('captcha.retry')}
        </button>
      ) : null}
      <p id="captcha-privacy" className="captcha__privacy">
        {t('captcha.privacy')}
      </p>
      {fieldError ? (
        <p className="field__error" role="alert">
          {fieldError}
        </p>
      ) : null}
    </fieldset>
  );
}
