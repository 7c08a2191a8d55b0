import { PickType } from '@nestjs/swagger';
import { AddressDto, BRANDING_FIELDS, StoreField, UpdateStoreDto } from '@app/stores';

/** Stage 1 — creates the store. `description` may be left out (null). */
export class Stage1Dto {
  @StoreField.name('required') name!: string;
  @StoreField.description('optional') description?: string | null;
  /** (v1.4) Left out: USD. */
  @StoreField.currencyCode('patch') currencyCode?: string;
}

/**
 * Stage 2 — branding: the branding fields of a PUT, by the same rules; all three images are required, each as
 * a URL or (v1.4) as an uploaded media of the store (the stores service checks that each is given one way,
 * and the media's store and purpose).
 */
export class Stage2Dto extends PickType(UpdateStoreDto, BRANDING_FIELDS) {}

/** Stage 3 — contact. Optional fields left out are cleared when the stage is sent again. */
export class Stage3Dto {
  @StoreField.mobile('required') mobile!: string;
  @StoreField.supportEmail('required') supportEmail!: string;
  @StoreField.address('required') address!: AddressDto;
  @StoreField.region('required') region!: string;
  @StoreField.landline('optional') landline?: string | null;
  @StoreField.whatsappNumber('optional') whatsappNumber?: string | null;
  @StoreField.gstNumber('optional') gstNumber?: string | null;
}

/** Stage 4 — social links; an empty list is a valid answer. */
export class Stage4Dto {
  @StoreField.socialLinks('required') socialLinks!: string[];
}
