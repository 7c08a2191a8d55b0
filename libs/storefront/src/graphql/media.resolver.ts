import { Args, ID, Resolver } from '@nestjs/graphql';
import { Accepts, isUuid, ScopedCaller } from '@app/core';
import { type Media, MediaErrors, MediaService, toMediaDto } from '@app/media';
import { StagedUploadInput } from './media.input';
import { MediaModel, StagedUploadModel } from './media.model';
import { ScopedMutation } from './scoped.decorators';
import { GqlCaller } from './storefront.context';

/**
 * (v1.4) Apps' uploads of product images (§17): the same staged upload as the members' REST routes — a
 * signed form straight to storage, then a completion that checks the file — for purpose `product_image`
 * only. A public token never uploads (it can hold no `products:write`).
 */
@Accepts('app', 'public')
@Resolver(() => MediaModel)
export class MediaResolver {
  constructor(private readonly media: MediaService) {}

  @ScopedMutation(() => StagedUploadModel, {
    scope: 'products:write',
    then: 'A signed form for one product image of exactly `size` bytes.',
  })
  async stagedUploadCreate(
    @GqlCaller() caller: ScopedCaller,
    @Args('input') input: StagedUploadInput,
  ): Promise<StagedUploadModel> {
    const staged = await this.media.createUpload(
      { storeId: caller.storeId, role: null },
      {
        purpose: 'product_image',
        filename: input.filename,
        contentType: input.contentType,
        size: input.size,
      },
    );
    return {
      id: staged.id,
      url: staged.url,
      fields: Object.entries(staged.fields).map(([name, value]) => ({ name, value })),
      expiresAt: staged.expiresAt,
    };
  }

  @ScopedMutation(() => MediaModel, {
    scope: 'products:write',
    then: 'Checks the uploaded file and makes it a media (the same media when completed before); a refused file is BAD_USER_INPUT with `extensions.reason`.',
  })
  async stagedUploadComplete(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<MediaModel> {
    if (!isUuid(id)) throw MediaErrors.uploadNotFound();
    const { media } = await this.media.complete({ storeId: caller.storeId, role: null }, id);
    return this.toModel(media);
  }

  /** The media's one view (toMediaDto), its renditions as the list GraphQL can type. */
  private toModel(media: Media): MediaModel {
    const dto = toMediaDto(media, this.media);
    return {
      ...dto,
      createdAt: media.createdAt,
      renditions: Object.entries(dto.renditions).map(([name, url]) => ({ name, url })),
    };
  }
}
