import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { entityNames } from '../../src/names/entity-names.js';
import { validateEntity } from '../../src/answers/validate-answers.js';

const orderLine = {
  className: 'OrderLine',
  classNamePlural: 'OrderLines',
  camelName: 'orderLine',
  camelNamePlural: 'orderLines',
  routeSegment: 'orderlines',
  tableName: 'order_lines',
  fileBase: 'order-line',
  fileBasePlural: 'order-lines',
  label: 'order line',
  labelPlural: 'order lines',
  labelCapitalized: 'Order line',
  labelPluralCapitalized: 'Order lines',
  labelWithArticle: 'an order line',
  labelWithArticleCapitalized: 'An order line',
  packageName: 'order-line-service',
};

for (const spelling of ['OrderLine', 'orderLine', 'order-line', 'order_line', 'order line', ' OrderLine ']) {
  test(`"${spelling}" gives every OrderLine name`, () => {
    assert.equal(validateEntity(spelling), undefined);
    assert.equal(entityNames(spelling), orderLine);
  });
}

const plurals: [string, string, string, string][] = [
  // entity, route segment, table, class plural
  ['Person', 'people', 'people', 'People'],
  ['Category', 'categories', 'categories', 'Categories'],
  ['Status', 'statuses', 'statuses', 'Statuses'],
  ['Box', 'boxes', 'boxes', 'Boxes'],
  ['Product', 'products', 'products', 'Products'],
  ['SalesPerson', 'salespeople', 'sales_people', 'SalesPeople'],
  ['warehouse bin', 'warehousebins', 'warehouse_bins', 'WarehouseBins'],
  ['HTTPRequest', 'httprequests', 'http_requests', 'HttpRequests'],
];

test('the indefinite article follows the sound of the label', () => {
  assert.is(entityNames('WarehouseBin').labelWithArticle, 'a warehouse bin');
  assert.is(entityNames('Item').labelWithArticleCapitalized, 'An item');
  assert.is(entityNames('User').labelWithArticle, 'a user');
  assert.is(entityNames('Hour').labelWithArticle, 'an hour');
});

for (const [entity, route, table, classPlural] of plurals) {
  test(`${entity} is served at /api/${route} from table ${table}`, () => {
    const names = entityNames(entity);
    assert.is(names.routeSegment, route);
    assert.is(names.tableName, table);
    assert.is(names.classNamePlural, classPlural);
  });
}

const rejected: [string, RegExp][] = [
  ['', /entity name is required/],
  ['   ', /entity name is required/],
  ['2Fast', /must start with a letter/],
  ['_order', /must start with a letter/],
  ['Order$Line', /only letters and digits/],
  ['order--line', /only letters and digits/],
  ["Ordér", /must use only ASCII letters/],
  ['A'.repeat(41), /at most 40 characters/],
  ['Rate limit', /would name its table rate_limits, which the service keeps for itself/],
  ['Knex migration', /would name its table knex_migrations/],
  ['Sheep', /no distinct plural/],
  ['OrderLines', /looks plural.*"OrderLine"/],
];

// Words of TypeScript, SQL and the generated code name entities like any other (ClassModel, createClass).
for (const entity of ['Class', 'delete', 'Package', 'Model', 'Router', 'Operation', 'Pojo', 'Date', 'Select', 'User', 'Order']) {
  test(`"${entity}" is accepted`, () => assert.is(validateEntity(entity), undefined));
}

test('a singular noun that reads as a plural is refused naming --plural, and accepted with its plural', () => {
  assert.match(validateEntity('Lens') ?? '', /^entity name "Lens" looks plural; .*give its plural with --plural$/);
  assert.is(validateEntity('Lens', 'Lenses'), undefined);
  const names = entityNames('Contact lens', 'contact lenses');
  assert.equal([names.className, names.classNamePlural, names.routeSegment, names.tableName], ['ContactLens', 'ContactLenses', 'contactlenses', 'contact_lenses']);
  assert.match(validateEntity('Lens', 'Lens') ?? '', /^plural "Lens" must be the entity name "Lens" with its last word in the plural$/);
  assert.match(validateEntity('Contact lens', 'Lenses') ?? '', /with its last word in the plural/);
});

for (const [entity, message] of rejected) {
  test(`"${entity.length > 20 ? `${entity.slice(0, 8)}… (${entity.length} chars)` : entity}" is rejected`, () => {
    const problem = validateEntity(entity);
    assert.ok(problem, 'expected an error message');
    assert.match(problem, message);
  });
}

test.run();
