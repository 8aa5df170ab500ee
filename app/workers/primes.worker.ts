import { isMersenneExponentCandidate, lucasLehmerSteps, mersenneTrialFactor } from "#core/numtheory/lucas-lehmer";
import { nthPrime, surveySteps } from "#core/numtheory/prime-count";
import { primesInRange } from "#core/numtheory/prime-sieve";
import type { PrimesEvent, PrimesRequest } from "./primes-protocol";

/**
 * One Lucas–Lehmer test, one block of a prime count, an n-th prime or a window of primes, off the page's thread.
 * The page stops a run by terminating the worker; progress goes out at most
 * every PROGRESS_MS so the page redraws a few times a second.
 */
const PROGRESS_MS = 100;

const post = (event: PrimesEvent) => self.postMessage(event);

function runMersenne(p: number, trialK: number) {
  // A composite exponent's factor comes from the test itself, at once; a prime one's from trial factoring, if any.
  const factor = isMersenneExponentCandidate(p) ? mersenneTrialFactor(p, trialK) : null;
  if (factor !== null) {
    post({ kind: "mersenne-factor", exponent: p, factor: factor.toString(), reason: "trial-factor" });
    return;
  }
  const steps = lucasLehmerSteps(p);
  let last = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) {
      const verdict = next.value;
      if (verdict.kind === "factor") {
        post({ kind: "mersenne-factor", exponent: p, factor: verdict.factor.toString(), reason: verdict.reason });
      } else {
        post({ kind: "mersenne-done", verdict });
      }
      return;
    }
    if (Date.now() - last >= PROGRESS_MS) {
      last = Date.now();
      post({ kind: "progress", done: next.value.iteration, total: next.value.total });
    }
  }
}

function runSurvey(lo: number, hi: number) {
  const steps = surveySteps(lo, hi);
  let last = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) {
      post({ kind: "survey-done", survey: next.value });
      return;
    }
    if (Date.now() - last >= PROGRESS_MS) {
      last = Date.now();
      post({ kind: "progress", done: next.value - lo, total: hi - lo });
    }
  }
}

self.onmessage = (event: MessageEvent<PrimesRequest>) => {
  try {
    const request = event.data;
    if (request.kind === "mersenne") runMersenne(request.p, request.trialK);
    else if (request.kind === "nth") post({ kind: "nth-done", n: request.n, prime: nthPrime(request.n) });
    else if (request.kind === "window") {
      const primes = primesInRange(request.lo, request.hi);
      const event: PrimesEvent = { kind: "window-done", lo: request.lo, hi: request.hi, primes };
      self.postMessage(event, { transfer: [primes.buffer as ArrayBuffer] });
    } else runSurvey(request.lo, request.hi);
  } catch (error) {
    post({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
