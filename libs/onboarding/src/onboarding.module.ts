import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@app/idempotency';
import { StoresModule } from '@app/stores';
import { OnboardingController } from './onboarding.controller';
import { OnboardingService } from './onboarding.service';

@Module({
  imports: [StoresModule, IdempotencyModule],
  controllers: [OnboardingController],
  providers: [OnboardingService],
})
export class OnboardingModule {}
