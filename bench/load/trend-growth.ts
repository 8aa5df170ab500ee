/**
 * How much a series of evenly spaced samples grew from its start to its end, read off the least-squares
 * line through all of them: (fitted last − fitted first) / fitted first. A sawtooth (a heap collected
 * now and then) has no trend however far its single samples swing; a leak has one.
 */
export function trendGrowth(samples: readonly number[]): number {
  const count = samples.length;
  if (count < 2) throw new Error("A trend needs at least two samples.");
  const meanX = (count - 1) / 2;
  const meanY = samples.reduce((sum, y) => sum + y, 0) / count;
  let covariance = 0;
  let variance = 0;
  samples.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  });
  const slope = covariance / variance;
  const first = meanY - slope * meanX;
  return (slope * (count - 1)) / first;
}
