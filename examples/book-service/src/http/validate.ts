import type { ObjectSchema, ValidationOptions } from 'joi';

/**
 * Bodies are validated as sent: never converted ("5" stays a string, 1.255 is not rounded).
 * Every problem is reported, not only the first.
 */
export const strictValidation: ValidationOptions = { convert: false, abortEarly: false };

/**
 * A function that validates input against `schema` and returns Joi's value, typed as the
 * schema's type; a failure throws the Joi error (answered with 400). The options are merged
 * into the schema once, here, rather than on every request.
 */
export function validator<T>(schema: ObjectSchema<T>, options: ValidationOptions = strictValidation): (input: unknown) => T {
  const prepared = schema.prefs(options);
  return (input) => {
    const { value, error } = prepared.validate(input);
    if (error) throw error;
    return value;
  };
}
