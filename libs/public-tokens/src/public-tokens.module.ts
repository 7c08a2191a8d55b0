import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@app/auth';
import { PublicTokenEntity } from './entities/public-token.entity';
import { PublicTokenNames } from './public-token-names';
import { PublicTokensRepository } from './public-tokens.repository';
import { PublicTokensService } from './public-tokens.service';
import { PublicTokensController } from './public-tokens.controller';

/** Store-scoped read-only tokens; their passport strategy (PublicTokenStrategy) is wired in the composition root. */
@Module({
  imports: [AuthModule, TypeOrmModule.forFeature([PublicTokenEntity])],
  controllers: [PublicTokensController],
  providers: [PublicTokensRepository, PublicTokensService, PublicTokenNames],
  exports: [PublicTokensService, PublicTokenNames],
})
export class PublicTokensModule {}
