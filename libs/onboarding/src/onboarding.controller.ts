import { applyDecorators, Body, Controller } from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore } from '@app/core';
import { AccountRoute, StoreAccess } from '@app/core';
import { CreateRoute, NotFoundResponse, OkRoute } from '@app/core';
import { Idempotent } from '@app/idempotency';
import { StoreModel } from '@app/stores';
import { Stage1Dto, Stage2Dto, Stage3Dto, Stage4Dto } from './dto/stage.dto';
import { OnboardingService } from './onboarding.service';

const notFound = NotFoundResponse('`store_not_found`: no such store, or the caller is not a member of it.');
const invalid = ApiBadRequestResponse({
  description: '`validation_failed`, with the failing fields in `errors`.',
});
const stageConflict = ApiConflictResponse({
  description:
    '`onboarding_out_of_order` (an earlier stage is missing: `missingStage`, `missingStages`) or ' +
    '`onboarding_completed` (the store is active; edit it with PUT).',
});
/**
 * Stages 2–4 (POST `path`): a body for one of the caller's stores (a role that may edit it),
 * accepted only in order and before completion.
 */
const StageRoute = (path: string, summary: string) =>
  applyDecorators(
    StoreAccess('edit'),
    OkRoute('POST', path, summary, StoreModel),
    invalid,
    notFound,
    stageConflict,
  );

/**
 * The four onboarding stages. `onboarding/stage1` is a static path, so the router never
 * reads "onboarding" as a store id.
 */
@ApiTags('stores')
@Controller('v1/user/stores')
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @CreateRoute(
    'Stage 1: create a store (name, description), the caller its owner; it starts in onboarding.',
    StoreModel,
    'onboarding/stage1',
  )
  @AccountRoute()
  @Idempotent()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      '1–255 visible ASCII characters. A retry with the same key and body replays the first answer (Idempotent-Replayed: true) for 24 h; another body is 422, a retry while the first runs is 409.',
  })
  @invalid
  @ApiConflictResponse({
    description: '`store_limit_reached`: the account owns `MAX_STORES_PER_ACCOUNT` stores already.',
  })
  stage1(@CurrentCaller() caller: AccountCaller, @Body() body: Stage1Dto): Promise<StoreModel> {
    return this.onboarding.start(caller, body);
  }

  @StageRoute(
    ':id/onboarding/stage2',
    'Stage 2: branding images (favicon, black-and-white and colour logos).',
  )
  stage2(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: Stage2Dto,
  ): Promise<StoreModel> {
    return this.onboarding.stage2(caller, store, body);
  }

  @StageRoute(
    ':id/onboarding/stage3',
    'Stage 3: contact — mobile, support e-mail, address, region; landline, WhatsApp, GSTIN optional.',
  )
  stage3(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: Stage3Dto,
  ): Promise<StoreModel> {
    return this.onboarding.stage3(caller, store, body);
  }

  @StageRoute(':id/onboarding/stage4', 'Stage 4: social links (an empty list is a valid answer).')
  stage4(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: Stage4Dto,
  ): Promise<StoreModel> {
    return this.onboarding.stage4(caller, store, body);
  }

  @OkRoute(
    'POST',
    ':id/onboarding/complete',
    'Complete onboarding: the store becomes active. Idempotent on an active store.',
    StoreModel,
  )
  @StoreAccess('edit')
  @notFound
  @ApiConflictResponse({ description: '`onboarding_incomplete`, with `missingStages`.' })
  complete(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
  ): Promise<StoreModel> {
    return this.onboarding.complete(caller, store);
  }
}
