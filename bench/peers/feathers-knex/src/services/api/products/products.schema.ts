// // For more information about this file see https://dove.feathersjs.com/guides/cli/service.schemas.html
import { resolve } from '@feathersjs/schema'
import { Type, getValidator, querySyntax } from '@feathersjs/typebox'
import type { Static } from '@feathersjs/typebox'

import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import type { ProductsService } from './products.class'

// Main data model schema
export const productsSchema = Type.Object(
  {
    id: Type.Number(),
    version: Type.Number(),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
    price: Type.Number({ minimum: 0.01, maximum: 9999999999999.99 }),
    quantity: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' })
  },
  { $id: 'Products', additionalProperties: false }
)
export type Products = Static<typeof productsSchema>
export const productsValidator = getValidator(productsSchema, dataValidator)
export const productsResolver = resolve<Products, HookContext<ProductsService>>({
  // NUMERIC arrives as a string.
  price: async value => (value === undefined ? value : Number(value))
})

export const productsExternalResolver = resolve<Products, HookContext<ProductsService>>({})

// Schema for creating new entries
export const productsDataSchema = Type.Object(
  {
    name: productsSchema.properties.name,
    description: Type.Optional(productsSchema.properties.description),
    price: productsSchema.properties.price,
    quantity: productsSchema.properties.quantity
  },
  { $id: 'ProductsData', additionalProperties: false }
)
export type ProductsData = Static<typeof productsDataSchema>
export const productsDataValidator = getValidator(productsDataSchema, dataValidator)
// Both timestamps of a new product are the same instant.
const now = (context: HookContext<ProductsService>) => ((context.params as { now?: string }).now ??= new Date().toISOString())
export const productsDataResolver = resolve<Products, HookContext<ProductsService>>({
  description: async value => value ?? null,
  createdAt: async (_value, _product, context) => now(context),
  updatedAt: async (_value, _product, context) => now(context)
})

// Schema for updating existing entries
export const productsPatchSchema = Type.Partial(productsSchema, {
  $id: 'ProductsPatch'
})
export type ProductsPatch = Static<typeof productsPatchSchema>
export const productsPatchValidator = getValidator(productsPatchSchema, dataValidator)
export const productsPatchResolver = resolve<ProductsPatch, HookContext<ProductsService>>({})

// Schema for allowed query properties
export const productsQueryProperties = Type.Pick(productsSchema, ['id', 'name'])
export const productsQuerySchema = Type.Intersect(
  [
    querySyntax(productsQueryProperties),
    // Add additional query properties here
    Type.Object({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }, { additionalProperties: false })
  ],
  { additionalProperties: false }
)
export type ProductsQuery = Static<typeof productsQuerySchema>
export const productsQueryValidator = getValidator(productsQuerySchema, queryValidator)
export const productsQueryResolver = resolve<ProductsQuery, HookContext<ProductsService>>({})
