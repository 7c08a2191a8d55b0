import { Module, OnModuleInit } from '@nestjs/common';
import { AuthModule, CallerResolvers } from '@app/auth';
import { StoresModule } from '@app/stores';
import { PublicTokensRepository } from './public-tokens.repository';
import { PUBLIC_TOKEN_PREFIX, PublicTokensService } from './public-tokens.service';
import { PublicTokensController } from './public-tokens.controller';

/** Store-scoped read-only tokens, and their `sfp_` resolver in the global guard. */
@Module({
  imports: [AuthModule, StoresModule],
  controllers: [PublicTokensController],
  providers: [PublicTokensRepository, PublicTokensService],
  exports: [PublicTokensService],
})
export class PublicTokensModule implements OnModuleInit {
  constructor(
    private readonly resolvers: CallerResolvers,
    private readonly tokens: PublicTokensService,
  ) {}

  onModuleInit(): void {
    this.resolvers.registerOpaque({
      prefix: PUBLIC_TOKEN_PREFIX,
      resolve: (token) => this.tokens.resolve(token),
    });
  }
}
