import { ValidateBy, ValidateNested, ValidationOptions } from 'class-validator';
import { isCountryCode } from '@app/sdk';
import { isValidGstin } from './gstin';
import {
  isE164Phone,
  isEmailAddress,
  isHttpsUrl,
  isPostalCode,
  isText,
  MAX_URL_LENGTH,
  socialLinksProblem,
} from './validators';

/**
 * class-validator decorators over the pure validators (which are what the unit specs test). Each field
 * gets exactly one message: "is required" when absent, "may not be null" for null, else what is wrong.
 */
function rule(name: string, problem: (value: unknown) => string | null) {
  return (options?: ValidationOptions): PropertyDecorator =>
    ValidateBy(
      {
        name,
        validator: {
          validate: (value) => value !== undefined && value !== null && problem(value) === null,
          defaultMessage: (args) => {
            const value = args?.value;
            if (value === undefined) return '$property is required';
            if (value === null) return '$property is required and may not be null';
            return `$property ${problem(value) ?? 'is invalid'}`;
          },
        },
      },
      options,
    );
}

const check = (test: (value: unknown) => boolean, message: string) => (value: unknown) =>
  test(value) ? null : message;

export const IsHttpsUrl = rule(
  'isHttpsUrl',
  check(isHttpsUrl, `must be an https:// URL of at most ${MAX_URL_LENGTH.toLocaleString('en')} characters`),
);
export const IsE164Phone = rule(
  'isE164Phone',
  check(isE164Phone, 'must be a valid phone number in E.164 form, e.g. +919876543210'),
);
export const IsEmailAddress = rule('isEmailAddress', check(isEmailAddress, 'must be a valid e-mail address'));
export const IsCountryCode = rule(
  'isCountryCode',
  check(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code, e.g. IN'),
);
export const IsGstin = rule(
  'isGstin',
  check(isValidGstin, 'must be a valid 15-character GSTIN with its check character, e.g. 27AAPFU0939F1ZV'),
);
export const IsPostalCode = rule(
  'isPostalCode',
  check(isPostalCode, 'must be 1–16 letters, digits, spaces or hyphens'),
);
export const IsSocialLinks = rule('isSocialLinks', socialLinksProblem);
/**
 * A nested object (pair it with `NestedObject()`, which validates its fields and answers for null and
 * non-objects). This rule adds only what ValidateNested does not say — "required" when absent, and
 * arrays (which ValidateNested would accept element by element) — so each failure has one message.
 */
export const IsPlainObject = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isPlainObject',
      validator: {
        validate: (value) => value !== undefined && !Array.isArray(value),
        defaultMessage: (args) =>
          args?.value === undefined ? '$property is required' : '$property must be an object',
      },
    },
    options,
  );

/** ValidateNested, with the same wording as the other fields for null and non-objects. */
export const NestedObject = (): PropertyDecorator =>
  ValidateNested({
    message: (args) =>
      args.value === null ? '$property is required and may not be null' : '$property must be an object',
  });

export function IsText(min: number, max: number, opts: { multiline?: boolean } = {}): PropertyDecorator {
  const range = min > 0 ? `${min}–${max.toLocaleString('en')}` : `at most ${max.toLocaleString('en')}`;
  return rule(
    'isText',
    check(
      (value) => isText(value, min, max, opts.multiline ?? false),
      `must be text of ${range} characters without control characters`,
    ),
  )();
}
