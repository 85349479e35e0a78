import { split } from 'change-case';
import indefinite from 'indefinite';
import pluralize from 'pluralize';

/** Every spelling of the entity that the templates use, computed once. */
export interface EntityNames {
  /** `OrderLine`: class and type names. */
  className: string;
  /** `OrderLines`: plural type names. */
  classNamePlural: string;
  /** `orderLine`: variables. */
  camelName: string;
  /** `orderLines`: plural variables. */
  camelNamePlural: string;
  /** `orderlines`: the collection path segment, `/api/orderlines`. */
  routeSegment: string;
  /** `order_lines`: the database table. */
  tableName: string;
  /** `order-line`: file and folder names. */
  fileBase: string;
  /** `order-lines`: plural file names (migrations). */
  fileBasePlural: string;
  /** `order line`: prose. */
  label: string;
  /** `order lines`: plural prose. */
  labelPlural: string;
  /** `Order line`: prose at the start of a sentence. */
  labelCapitalized: string;
  /** `Order lines`: plural prose at the start of a sentence. */
  labelPluralCapitalized: string;
  /** `an order line`: the label with its indefinite article. */
  labelWithArticle: string;
  /** `An order line`: the same at the start of a sentence. */
  labelWithArticleCapitalized: string;
  /** `order-line-service`: package name and default output folder. */
  packageName: string;
}

/**
 * Splits an entity name into lowercase words, whatever its spelling.
 *
 *   OrderLine, orderLine, order-line, order_line, "order line" -> ["order", "line"]
 *   HTTPRequest -> ["http", "request"]
 */
export function entityWords(entity: string): string[] {
  return split(entity.trim()).map((word) => word.toLowerCase());
}

/**
 * Computes every name the templates need. Only the last word is pluralized,
 * with pluralize's irregulars; articles come from indefinite ("an order line", "a user"):
 *
 *   OrderLine -> OrderLine, orderlines, order_lines, order-line, "order line"
 *   Person    -> Person, people, people, person, "person"
 *   Category  -> Category, categories, categories, category, "category"
 *   Status    -> Status, statuses, statuses, status, "status"
 *
 * `plural` names the plural where pluralize cannot tell it (Lens: Lenses); it differs from the
 * entity in the last word only. The input must already be valid (see `validateEntity`).
 */
export function entityNames(entity: string, plural?: string): EntityNames {
  const words = entityWords(entity);
  const pluralWords = plural === undefined ? [...words.slice(0, -1), pluralize.plural(words.at(-1) ?? '')] : entityWords(plural);
  const pascal = (parts: string[]) => parts.map(capitalize).join('');
  const label = words.join(' ');
  const labelPlural = pluralWords.join(' ');
  return {
    className: pascal(words),
    classNamePlural: pascal(pluralWords),
    camelName: uncapitalize(pascal(words)),
    camelNamePlural: uncapitalize(pascal(pluralWords)),
    routeSegment: pluralWords.join(''),
    tableName: pluralWords.join('_'),
    fileBase: words.join('-'),
    fileBasePlural: pluralWords.join('-'),
    label,
    labelPlural,
    labelCapitalized: capitalize(label),
    labelPluralCapitalized: capitalize(labelPlural),
    labelWithArticle: indefinite(label),
    labelWithArticleCapitalized: indefinite(label, { capitalize: true }),
    packageName: `${words.join('-')}-service`,
  };
}

/** The text with its first letter in upper case: `unit price` -> `Unit price`. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function uncapitalize(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}
