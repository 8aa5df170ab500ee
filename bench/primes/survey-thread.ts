import { parentPort } from "node:worker_threads";
import { surveyPrimes } from "#core/numtheory/prime-count";

/** One block of a parallel prime count, as a page worker takes it: a survey of lo…hi, posted back. */
parentPort!.on("message", ({ lo, hi }: { lo: number; hi: number }) => {
  parentPort!.postMessage(surveyPrimes(lo, hi));
});
