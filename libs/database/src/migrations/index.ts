import { InitAuth1795315804613 } from './1795315804613-InitAuth';
import { Stores1795317584405 } from './1795317584405-Stores';
import { SocialLogin1795318349752 } from './1795318349752-SocialLogin';
import { OAuthAppsAndPublicTokens1795318405851 } from './1795318405851-OAuthAppsAndPublicTokens';
import { Storefront1795318879851 } from './1795318879851-Storefront';
import { SecurityHardening1795400000000 } from './1795400000000-SecurityHardening';
import { IdempotencyKeys1795400300000 } from './1795400300000-IdempotencyKeys';
import { AccountProviders1795400600000 } from './1795400600000-AccountProviders';
import { Events1795401000000 } from './1795401000000-Events';
import { JobQueue1795401200000 } from './1795401200000-JobQueue';
import { Webhooks1795401300000 } from './1795401300000-Webhooks';
import { WebhookDeliveryQueue1795401400000 } from './1795401400000-WebhookDeliveryQueue';
import { StoreMembers1795693014244 } from './1795693014244-StoreMembers';
import { StorefrontCaching1795700000000 } from './1795700000000-StorefrontCaching';
import { CartsAndOrderLifecycle1795750000000 } from './1795750000000-CartsAndOrderLifecycle';
import { InstalledApps1795760000000 } from './1795760000000-InstalledApps';
import { InstalledAppsOneLiveSuccessor1795801000000 } from './1795801000000-InstalledAppsOneLiveSuccessor';
import { IdempotencyCallerPerInstallation1795810100000 } from './1795810100000-IdempotencyCallerPerInstallation';
import { InvitationMails1795810200000 } from './1795810200000-InvitationMails';
import { CatalogueVersionSlots1795831000000 } from './1795831000000-CatalogueVersionSlots';
import { SecondFactors1795840000000 } from './1795840000000-SecondFactors';
import { MediaAndProductImages1795850000000 } from './1795850000000-MediaAndProductImages';
import { StoreCurrencyAndPaidOrders1795860000000 } from './1795860000000-StoreCurrencyAndPaidOrders';
import { InvitationMailsStoreKeyName1795875000000 } from './1795875000000-InvitationMailsStoreKeyName';
import { Passkeys1795880000000 } from './1795880000000-Passkeys';
import { ProductImagesCatalogueVersion1795885000000 } from './1795885000000-ProductImagesCatalogueVersion';
import { ProductOptionsAndVariants1795890000000 } from './1795890000000-ProductOptionsAndVariants';
import { VariantImageOfItsProduct1795915000000 } from './1795915000000-VariantImageOfItsProduct';

// Every migration, in order. Listed explicitly (not globbed) so the same list works from TypeScript
// (tests, the migration CLI) and from the compiled build. Add new ones at the end.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const MIGRATIONS: Function[] = [
  InitAuth1795315804613,
  Stores1795317584405,
  SocialLogin1795318349752,
  OAuthAppsAndPublicTokens1795318405851,
  Storefront1795318879851,
  SecurityHardening1795400000000,
  IdempotencyKeys1795400300000,
  AccountProviders1795400600000,
  Events1795401000000,
  JobQueue1795401200000,
  Webhooks1795401300000,
  WebhookDeliveryQueue1795401400000,
  StoreMembers1795693014244,
  StorefrontCaching1795700000000,
  CartsAndOrderLifecycle1795750000000,
  InstalledApps1795760000000,
  InstalledAppsOneLiveSuccessor1795801000000,
  IdempotencyCallerPerInstallation1795810100000,
  InvitationMails1795810200000,
  CatalogueVersionSlots1795831000000,
  SecondFactors1795840000000,
  MediaAndProductImages1795850000000,
  StoreCurrencyAndPaidOrders1795860000000,
  InvitationMailsStoreKeyName1795875000000,
  Passkeys1795880000000,
  ProductImagesCatalogueVersion1795885000000,
  ProductOptionsAndVariants1795890000000,
  VariantImageOfItsProduct1795915000000,
];
