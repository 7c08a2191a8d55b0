import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '@app/media';
import { StoreEntity } from './entities/store.entity';
import { StoresController } from './stores.controller';
import { StoresRepository } from './stores.repository';
import { StoresService } from './stores.service';

@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity]), MediaModule],
  controllers: [StoresController],
  providers: [StoresRepository, StoresService],
  exports: [StoresService],
})
export class StoresModule {}
