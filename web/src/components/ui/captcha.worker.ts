/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib/v1';

/** Message to the worker: the challenge to search. */
export interface CaptchaWorkerRequest {
  challenge: string;
  salt: string;
  algorithm: string;
  maxNumber: number;
}

/** Answer of the worker: the number found, or null when none in 0..maxNumber matches. */
export interface CaptchaWorkerAnswer {
  number: number | null;
}

/**
 * The captcha's proof of work off the main thread (decision 0024): altcha-lib's browser-safe solver (Web Crypto
 * SHA-256) searches the number, so typing and screen readers stay responsive while it runs.
 */
self.onmessage = async (event: MessageEvent<CaptchaWorkerRequest>) => {
  const { challenge, salt, algorithm, maxNumber } = event.data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxNumber).promise;
  const answer: CaptchaWorkerAnswer = { number: solution ? solution.number : null };
  self.postMessage(answer);
};
