const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is YYYY-MM-DD and a day of the calendar, in the years PostgreSQL has (from 0001). */
export function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // PostgreSQL has no year 0.
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
