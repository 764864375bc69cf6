/** The value at quantile q (0 to 1; 1 is the largest) of a series of figures; NaN for none. */
export function quantile(figures: readonly number[], q: number): number {
  const sorted = [...figures].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
