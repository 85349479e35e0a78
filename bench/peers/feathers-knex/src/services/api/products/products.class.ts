// For more information about this file see https://dove.feathersjs.com/guides/cli/service.class.html#database-services
import type { Params } from '@feathersjs/feathers'
import { KnexService } from '@feathersjs/knex'
import type { KnexAdapterParams, KnexAdapterOptions } from '@feathersjs/knex'

import type { Application } from '../../../declarations'
import type { Products, ProductsData, ProductsPatch, ProductsQuery } from './products.schema'

export type { Products, ProductsData, ProductsPatch, ProductsQuery }

export interface ProductsParams extends KnexAdapterParams<ProductsQuery> {}

// By default calls the standard Knex adapter service methods but can be customized with your own functionality.
export class ProductsService<ServiceParams extends Params = ProductsParams> extends KnexService<
  Products,
  ProductsData,
  ProductsParams,
  ProductsPatch
> {}

export const getOptions = (app: Application): KnexAdapterOptions => {
  return {
    // The API answers a plain array of at most pageSize products (see the find hook).
    paginate: false,
    Model: app.get('postgresqlClient'),
    name: 'products'
  }
}
