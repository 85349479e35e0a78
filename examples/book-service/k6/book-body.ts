/**
 * A valid create request body for one virtual user and iteration: deterministic, and varied
 * enough that rows differ. Unique fields never repeat within a run, but do in the next one:
 * run against a table without the previous run's rows.
 */
export function bookBody(vu: number, iteration: number) {
  // One number per request, distinct across virtual users while each runs fewer than a million iterations.
  const n = (vu - 1) * 1_000_000 + iteration;
  return {
    title: `The Pragmatic Programmer ${n % 1000}`,
    isbn: String(n).padStart(10, '0'),
    pages: (n % 1000) + 1,
    price: ((n % 1000) + 1) * 0.25,
    format: ['hardcover', 'paperback', 'ebook'][n % 3],
    published: new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10),
    available: n % 2 === 0,
  };
}
