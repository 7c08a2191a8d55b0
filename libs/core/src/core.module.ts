import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { APP_LOGGER } from './logging/logger';
import { MailService } from './mail/mail.service';
import { SecretHasher } from './crypto/secret-hasher';
import { Dependencies } from './health/dependencies';
import { Metrics } from './observability/metrics';

/** Config, logger, mail, the dependencies' health and the metrics: the small shared core every context may use. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      imports: [ConfigModule.forRoot(config)],
      providers: [
        { provide: APP_LOGGER, useValue: logger },
        MailService,
        SecretHasher,
        Dependencies,
        Metrics,
      ],
      exports: [ConfigModule, APP_LOGGER, MailService, SecretHasher, Dependencies, Metrics],
    };
  }
}
