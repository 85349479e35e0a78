import type { Schema, ValidationOptions } from 'joi';

/** Bodies are validated as sent: never converted ("5" stays a string, 1.255 is not rounded). */
export const strictValidation: ValidationOptions = { convert: false, abortEarly: true };

/** Validates `input` and returns Joi's value; a failure throws the Joi error (answered with 400). */
export function validate<T>(schema: Schema, input: unknown, options: ValidationOptions = strictValidation): T {
  const { value, error } = schema.validate(input, options);
  if (error) throw error;
  return value as T;
}
