// For more information about this file see https://dove.feathersjs.com/guides/cli/service.html

import { hooks as schemaHooks } from '@feathersjs/schema'

import {
  productsDataValidator,
  productsPatchValidator,
  productsQueryValidator,
  productsResolver,
  productsExternalResolver,
  productsDataResolver,
  productsPatchResolver,
  productsQueryResolver
} from './products.schema'

import type { Application, HookContext } from '../../../declarations'
import { ProductsService, getOptions } from './products.class'
import type { Products } from './products.class'

export const productsPath = 'api/products'

// The first pageSize products (20 by default) by id.
const pageOfProducts = async (context: HookContext<ProductsService>) => {
  const { pageSize = 20, ...query } = context.params.query ?? {}
  context.params.query = { ...query, $limit: pageSize, $sort: { id: 1 } }
}

// A product's answer carries its version as ETag; a created one also its Location.
const productHeaders = async (context: HookContext<ProductsService>) => {
  const product = context.result as Products
  context.http = {
    ...context.http,
    // A Location alone would make it a 303 See Other.
    ...(context.method === 'create' ? { status: 201 } : {}),
    headers: {
      ...context.http?.headers,
      ETag: `"${product.version}"`,
      ...(context.method === 'create' ? { Location: `/${productsPath}/${product.id}` } : {})
    }
  }
}
export const productsMethods: Array<keyof ProductsService> = ['find', 'get', 'create', 'patch', 'remove']

export * from './products.class'
export * from './products.schema'

// A configure function that registers the service and its hooks via `app.configure`
export const products = (app: Application) => {
  // Register our service on the Feathers application
  app.use(productsPath, new ProductsService(getOptions(app)), {
    // A list of all methods this service exposes externally
    methods: productsMethods,
    // You can add additional custom events to be sent to clients here
    events: []
  })
  // Initialize hooks
  app.service(productsPath).hooks({
    around: {
      all: [
        schemaHooks.resolveExternal(productsExternalResolver),
        schemaHooks.resolveResult(productsResolver)
      ]
    },
    before: {
      all: [
        schemaHooks.validateQuery(productsQueryValidator),
        schemaHooks.resolveQuery(productsQueryResolver)
      ],
      find: [pageOfProducts],
      get: [],
      create: [
        schemaHooks.validateData(productsDataValidator),
        schemaHooks.resolveData(productsDataResolver)
      ],
      patch: [
        schemaHooks.validateData(productsPatchValidator),
        schemaHooks.resolveData(productsPatchResolver)
      ],
      remove: []
    },
    after: {
      all: [],
      get: [productHeaders],
      create: [productHeaders]
    },
    error: {
      all: []
    }
  })
}

// Add this service to the service type index
declare module '../../../declarations' {
  interface ServiceTypes {
    [productsPath]: ProductsService
  }
}
