// For more information about this file see https://dove.feathersjs.com/guides/cli/databases.html
import knex from 'knex'
import type { Knex } from 'knex'
import type { Application } from './declarations'

declare module './declarations' {
  interface Configuration {
    postgresqlClient: Knex
  }
}

// The table's columns are snake_case (created_at), the API's properties camelCase (createdAt).
const snakeCase = (name: string) => name.replace(/[A-Z]/g, letter => `_${letter.toLowerCase()}`)
const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
const camelCaseKeys = (row: unknown) =>
  row !== null && typeof row === 'object' && !Array.isArray(row)
    ? Object.fromEntries(Object.entries(row).map(([key, value]) => [camelCase(key), value]))
    : row

export const postgresql = (app: Application) => {
  const config = app.get('postgresql')
  const db = knex({
    ...config!,
    wrapIdentifier: (value, origImpl) => origImpl(snakeCase(value)),
    postProcessResponse: result => (Array.isArray(result) ? result.map(camelCaseKeys) : camelCaseKeys(result))
  })

  app.set('postgresqlClient', db)
}
