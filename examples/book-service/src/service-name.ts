/** The service's name: the `service` field of every log line, the token realm, issuer and audience. */
export const SERVICE_NAME = 'book-service';
/** Its name for people: the title of the API documentation. */
export const SERVICE_TITLE = 'Book service';
