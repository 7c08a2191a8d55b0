import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Length,
  ValidateBy,
} from 'class-validator';

/**
 * Property decorators in the order they would stand above the property. TypeScript applies stacked
 * decorators from the bottom up, and class-validator reports a field's failures in the order they were
 * applied, so they are applied the same way here.
 */
export function stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(...[...decorators].reverse());
}

export const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * (v1.4) Unicode bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) and zero-width characters
 * (U+200B–U+200D, U+2060, U+FEFF): in a name they make a consent page or a mail show another name than the
 * one stored ("Acme\u202Egnp.exe" reads "Acmeexe.png").
 */
export const INVISIBLE_CHARACTERS = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/**
 * A name people read — of a store, an app, a public token, a webhook endpoint, a product — holds none of
 * INVISIBLE_CHARACTERS: 400 validation_failed naming the field (GraphQL BAD_USER_INPUT). The one rule,
 * stacked into each of those fields' own rules.
 */
export const ReadableName = () =>
  ValidateBy(
    {
      name: 'isReadableName',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !INVISIBLE_CHARACTERS.test(value),
      },
    },
    { message: ({ property }) => `${property} must not contain bidi control or zero-width characters` },
  );

/** The name of a credential its owner tells apart in lists (an OAuth app, a public token). */
export const CredentialName = () =>
  stacked(
    trimmed(),
    IsString(),
    Length(1, 100, { message: 'name must be 1–100 characters' }),
    ReadableName(),
  );

/** The scopes a credential asks for, out of `allowed`: absent (the default set) or some, each once. */
export const ScopeList = (allowed: readonly string[]) =>
  stacked(
    IsOptional(),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(allowed.length),
    ArrayUnique(),
    IsIn(allowed, { each: true, message: `each scope must be one of: ${allowed.join(', ')}` }),
  );

/**
 * A browser origin as the `Origin` header sends it: `http(s)://host[:port]`, no path, no trailing slash,
 * lower-case host, no default port (what `new URL(o).origin` gives back unchanged). The one rule, for the
 * public tokens' `allowedOrigins` as for CORS_ORIGINS.
 */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 255) return false;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === value;
}

/** At most `max` distinct origins (`[]` allowed: it clears them). */
export const OriginList = (max: number) =>
  stacked(
    IsOptional(),
    IsArray(),
    ArrayMaxSize(max, { message: `at most ${max} origins` }),
    ArrayUnique(),
    ValidateBy(
      { name: 'isOrigin', validator: { validate: (value: unknown) => isOrigin(value) } },
      {
        each: true,
        message: 'each origin must be scheme://host[:port] (http or https, no path or trailing slash)',
      },
    ),
  );
