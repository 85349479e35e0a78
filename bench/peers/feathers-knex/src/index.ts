import { app } from './app'
import { logger } from './logger'

const port = app.get('port')
const host = app.get('host')

process.on('unhandledRejection', reason => logger.error('Unhandled Rejection %O', reason))

app.listen(port, host).then(() => {
  logger.info(`Feathers app listening on http://${host}:${port}`)
})
