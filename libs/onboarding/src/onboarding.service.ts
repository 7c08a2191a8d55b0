import { Injectable } from '@nestjs/common';
import { AccessibleStore, AccountCaller } from '@app/core';
import { definedFields, StoreFields, StoreModel, StoresService, toAddress } from '@app/stores';
import { Stage1Dto, Stage2Dto, Stage3Dto, Stage4Dto } from './dto/stage.dto';
import { FillableStage, OnboardingPolicy } from './onboarding.policy';

/** The onboarding stages: the policy decides on the row-locked state, the stores service writes. */
@Injectable()
export class OnboardingService {
  constructor(private readonly stores: StoresService) {}

  /** Stage 1: a new store, stage 1 filled. Plain INSERTs, so parallel calls make distinct stores. */
  start(caller: AccountCaller, body: Stage1Dto): Promise<StoreModel> {
    return this.stores.create(
      caller,
      { name: body.name, description: body.description ?? null, currencyCode: body.currencyCode },
      OnboardingPolicy.initialStages(),
    );
  }

  /** Each image as a URL or an uploaded media of the store (v1.4), resolved by the stores service. */
  async stage2(caller: AccountCaller, store: AccessibleStore, body: Stage2Dto): Promise<StoreModel> {
    const given = definedFields(body);
    return this.fill(caller, store, 2, await this.stores.branding(store, given, true));
  }

  /** Sending stage 3 again replaces all of it: optional fields left out become null. */
  stage3(caller: AccountCaller, store: AccessibleStore, body: Stage3Dto): Promise<StoreModel> {
    return this.fill(caller, store, 3, {
      mobile: body.mobile,
      supportEmail: body.supportEmail,
      address: toAddress(body.address),
      region: body.region,
      landline: body.landline ?? null,
      whatsappNumber: body.whatsappNumber ?? null,
      gstNumber: body.gstNumber ?? null,
    });
  }

  stage4(caller: AccountCaller, store: AccessibleStore, body: Stage4Dto): Promise<StoreModel> {
    return this.fill(caller, store, 4, { socialLinks: body.socialLinks });
  }

  complete(caller: AccountCaller, store: AccessibleStore): Promise<StoreModel> {
    return this.stores.changeLocked(caller, store, (progress) =>
      OnboardingPolicy.complete(progress) === 'activate' ? { activate: true } : null,
    );
  }

  private fill(
    caller: AccountCaller,
    store: AccessibleStore,
    stage: FillableStage,
    fields: Partial<StoreFields>,
  ): Promise<StoreModel> {
    return this.stores.changeLocked(caller, store, (progress) => ({
      fields,
      completedStages: OnboardingPolicy.fill(progress, stage),
    }));
  }
}
