import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { CURRENCY_DIGITS, ReadableName } from '@app/core';
import {
  IsCountryCode,
  IsE164Phone,
  IsEmailAddress,
  IsGstin,
  IsHttpsUrl,
  IsPlainObject,
  IsPostalCode,
  IsSocialLinks,
  IsText,
  NestedObject,
} from '../validation';

/**
 * How a field is present in a body:
 * - `required`: must be there and not null (a stage's required fields);
 * - `optional`: may be absent or null (null clears it) — description, landline, whatsappNumber, gstNumber;
 * - `patch`: may be absent, but not null — a required field in a partial update (PUT).
 * Every field is validated by the same rules in every mode, so PUT checks a field exactly as its stage does.
 */
export type Presence = 'required' | 'optional' | 'patch';

function field(presence: Presence, api: ApiPropertyOptions, ...rules: PropertyDecorator[]) {
  const presenceRules: PropertyDecorator[] =
    presence === 'optional'
      ? [IsOptional()]
      : presence === 'patch'
        ? [ValidateIf((_object, value) => value !== undefined)]
        : [];
  const doc =
    presence === 'required'
      ? ApiProperty(api)
      : ApiPropertyOptional({ ...api, nullable: presence === 'optional' } as ApiPropertyOptions);
  return applyDecorators(doc, ...presenceRules, ...rules);
}

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const upper = Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value));

const url = (description: string) => ({
  type: String,
  format: 'uri',
  maxLength: 2048,
  description: `${description} — https:// only`,
  example: 'https://cdn.example.com/logo.png',
});
const phone = (description: string) => ({ type: String, example: '+919876543210', description });

/** The rules of each store field, one place for stages 1–4 and PUT. */
export const StoreField = {
  name: (p: Presence) =>
    field(
      p,
      {
        type: String,
        minLength: 1,
        maxLength: 100,
        example: 'Chai & Co.',
        description: 'Trimmed; 1–100 characters; no bidi control or zero-width characters.',
      },
      trim,
      IsText(1, 100),
      ReadableName(),
    ),
  description: (p: Presence) =>
    field(
      p,
      { type: String, maxLength: 2000, description: '0–2,000 characters; newlines allowed.' },
      IsText(0, 2000, { multiline: true }),
    ),
  faviconUrl: (p: Presence) => field(p, url('Favicon image'), IsHttpsUrl()),
  /** (v1.4) An uploaded media of the store in place of a branding URL (§17): its purpose is checked by the service. */
  mediaId: (p: Presence, description: string) =>
    field(
      p,
      {
        type: String,
        format: 'uuid',
        description: `${description} (a media of this store), in place of the URL`,
      },
      IsUUID('all', { message: 'must be a media id' }),
    ),
  logoBlackWhiteUrl: (p: Presence) => field(p, url('Black-and-white logo image'), IsHttpsUrl()),
  logoColorUrl: (p: Presence) => field(p, url('Colour logo image'), IsHttpsUrl()),
  mobile: (p: Presence) => field(p, phone('E.164'), IsE164Phone()),
  landline: (p: Presence) => field(p, phone('E.164'), IsE164Phone()),
  whatsappNumber: (p: Presence) => field(p, phone('E.164'), IsE164Phone()),
  supportEmail: (p: Presence) =>
    field(
      p,
      { type: String, format: 'email', maxLength: 254, example: 'help@chai.example.com' },
      IsEmailAddress(),
    ),
  region: (p: Presence) =>
    field(
      p,
      {
        type: String,
        minLength: 1,
        maxLength: 100,
        example: 'South India',
        description: 'Free text; trimmed, 1–100 characters.',
      },
      trim,
      IsText(1, 100),
    ),
  gstNumber: (p: Presence) =>
    field(
      p,
      {
        type: String,
        minLength: 15,
        maxLength: 15,
        example: '27AAPFU0939F1ZV',
        description: 'GSTIN with a valid check character; upper-cased.',
      },
      upper,
      IsGstin(),
    ),
  socialLinks: (p: Presence) =>
    field(
      p,
      {
        type: [String],
        maxItems: 10,
        example: ['https://instagram.com/chaiandco'],
        description: 'https:// URLs, at most 10, no duplicates; [] is a valid answer.',
      },
      IsSocialLinks(),
    ),
  currencyCode: (p: Presence) =>
    field(
      p,
      { type: String, example: 'USD', description: 'ISO 4217 code, upper case (default USD).' },
      IsIn(Object.keys(CURRENCY_DIGITS), { message: 'currencyCode must be an ISO 4217 code, e.g. "USD"' }),
    ),
  address: (p: Presence) =>
    field(
      p,
      { type: () => AddressDto },
      IsPlainObject(),
      NestedObject(),
      Type(() => AddressDto),
    ),
};

/** A postal address; replaced as a whole when sent (stage 3 or PUT). */
export class AddressDto {
  @ApiProperty({ example: '12 MG Road', maxLength: 200 })
  @trim
  @IsText(1, 200)
  line1!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, example: 'Floor 3' })
  @IsOptional()
  @trim
  @IsText(0, 200)
  line2?: string | null;

  @ApiProperty({ example: 'Bengaluru', maxLength: 100 })
  @trim
  @IsText(1, 100)
  city!: string;

  @ApiProperty({ example: 'Karnataka', maxLength: 100 })
  @trim
  @IsText(1, 100)
  state!: string;

  @ApiProperty({ example: '560001', maxLength: 16 })
  @trim
  @IsPostalCode()
  postalCode!: string;

  @ApiProperty({ example: 'IN', description: 'ISO 3166-1 alpha-2; upper-cased.' })
  @upper
  @IsCountryCode()
  country!: string;
}
