import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { StoreAddress } from '../entities/store.entity';
import type { StoreFields } from '../store.row';
import { AddressDto, StoreField } from './store-fields';

/**
 * PUT /v1/user/stores/:id — any subset of the editable fields. Each is validated as in its stage;
 * required fields may be left out but not set to null; optional ones may be nulled to clear them.
 * Onboarding progress is not editable here.
 */
export class UpdateStoreDto {
  @StoreField.name('patch') name?: string;
  @StoreField.description('optional') description?: string | null;
  @StoreField.faviconUrl('patch') faviconUrl?: string;
  @StoreField.logoBlackWhiteUrl('patch') logoBlackWhiteUrl?: string;
  @StoreField.logoColorUrl('patch') logoColorUrl?: string;
  @StoreField.mediaId('patch', 'Favicon') faviconMediaId?: string;
  @StoreField.mediaId('patch', 'Black-and-white logo') logoBlackWhiteMediaId?: string;
  @StoreField.mediaId('patch', 'Coloured logo') logoColorMediaId?: string;
  @StoreField.mobile('patch') mobile?: string;
  @StoreField.landline('optional') landline?: string | null;
  @StoreField.supportEmail('patch') supportEmail?: string;
  @StoreField.whatsappNumber('optional') whatsappNumber?: string | null;
  @StoreField.address('patch') address?: AddressDto;
  @StoreField.region('patch') region?: string;
  @StoreField.gstNumber('optional') gstNumber?: string | null;
  @StoreField.socialLinks('patch') socialLinks?: string[];
  @StoreField.currencyCode('patch') currencyCode?: string;

  /** (v1.4) The owner only, with a second factor of their own and step-up (contract §19). */
  @ApiPropertyOptional({
    description:
      'Require a second factor of every member (the owner only: others 403 `insufficient_role`; an owner without a factor 409 `two_factor_required`). Needs step-up, on and off.',
  })
  @IsOptional()
  @IsBoolean()
  requireTwoFactor?: boolean;
}

export function toAddress(dto: AddressDto): StoreAddress {
  return {
    line1: dto.line1,
    line2: dto.line2 ?? null,
    city: dto.city,
    state: dto.state,
    postalCode: dto.postalCode,
    country: dto.country,
  };
}

/** The fields present in a validated body (undefined = not sent), addresses as plain values. */
export function definedFields(dto: Partial<Record<keyof StoreFields, unknown>>): Partial<StoreFields> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(dto)) {
    if (value === undefined) continue;
    out[key] = key === 'address' && value ? toAddress(value as AddressDto) : value;
  }
  return out as Partial<StoreFields>;
}
