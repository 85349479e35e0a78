/**
 * A valid create request body for one virtual user and iteration: deterministic, and varied
 * enough that rows differ.
 */
export function productBody(vu: number, iteration: number) {
  // One number per request, distinct across virtual users while each runs fewer than a million iterations.
  const n = (vu - 1) * 1_000_000 + iteration;
  return {
    name: `Widget ${n % 1000}`,
    description: `A small widget ${n % 1000}`,
    price: ((n % 1000) + 1) * 0.25,
    quantity: (n % 1000) + 1,
  };
}
