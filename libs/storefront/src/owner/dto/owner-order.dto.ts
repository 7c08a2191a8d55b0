import { ApiProperty } from '@nestjs/swagger';
import { MoneyDto } from './owner-product.dto';

export class OwnerOrderLineDto {
  @ApiProperty({ format: 'uuid', description: 'The product ordered (it may have been deleted since).' })
  productId!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty({ type: MoneyDto }) unitPrice!: MoneyDto;
  @ApiProperty({ type: MoneyDto }) lineTotal!: MoneyDto;
}

export class OwnerOrderDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'placed' }) status!: string;
  @ApiProperty() customerEmail!: string;
  @ApiProperty({ type: [OwnerOrderLineDto] }) lines!: OwnerOrderLineDto[];
  @ApiProperty({ type: MoneyDto }) total!: MoneyDto;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class OwnerOrderPageDto {
  @ApiProperty({ type: [OwnerOrderDto], description: 'Newest first.' })
  data!: OwnerOrderDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `after` for the next (older) page; null on the last page.',
  })
  nextCursor!: string | null;
}
