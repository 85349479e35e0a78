/**
 * A valid create request body for one virtual user and iteration: deterministic, and
 * varied enough that rows differ. Prices are multiples of 0.25, so exact with two decimals.
 */
export function bookBody(vu: number, iteration: number) {
  return {
    name: `Load test ${vu}-${iteration}`,
    description: 'Created by the k6 create script',
    price: ((iteration % 100) + 1) * 0.25,
    quantity: (iteration % 10) + 1,
  };
}
