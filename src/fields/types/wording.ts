/** Inline code in a Markdown table cell: a pipe would end the cell. */
export const code = (text: string): string => `\`${text.replaceAll('|', '\\|')}\``;

/** `a`, `a or b`, `a, b or c`. */
export function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
