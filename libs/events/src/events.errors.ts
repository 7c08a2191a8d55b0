import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const EVENT_ERROR_CODES = ['validation_failed'] as const;
const eventError = errorFactory(EVENT_ERROR_CODES);

export const EventErrors = {
  /** An `after` this list did not issue (or altered): a 400 like any other bad query value. */
  badCursor: () =>
    eventError('validation_failed', 'The request failed validation.', {
      errors: [{ field: 'after', message: 'after is not a cursor of this list' }],
    }),
};
