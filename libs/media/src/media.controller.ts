import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  DEFAULT_PAGE_LIMIT,
  isUuid,
  NoContentRoute,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import type { FastifyReply } from 'fastify';
import { CreateUploadDto, ListMediaQueryDto, MediaDto, MediaPageDto, StagedUploadDto } from './dto/media.dto';
import { MediaErrors } from './media.errors';
import { toMediaDto } from './media.mapper';
import { MediaService } from './media.service';
import { MediaDeletionService } from './media-deletion.service';

const MEDIA_INVALID =
  '`media_invalid` with `reason`: `not_uploaded`, `size_mismatch`, `type_mismatch`, `not_an_image` or `too_many_pixels` (the stored object is deleted).';

/**
 * A store's media for its members (§17). Every route that writes needs `commerce` (declared here); the
 * branding purposes need `edit` too, which the service decides where the purpose is known (`PURPOSE_PERMISSION`).
 */
@ApiTags('media')
@Controller('v1/user/stores/:id/media')
export class MediaController {
  constructor(
    private readonly media: MediaService,
    private readonly deletion: MediaDeletionService,
  ) {}

  @Post('uploads')
  @StoreAccess('commerce')
  @ApiOperation({
    summary:
      'Stage an upload: a signed HTML form (S3 POST Object) for exactly `size` bytes of `contentType`, valid 10 minutes. Branding purposes need the `edit` permission.',
  })
  @ApiCreatedResponse({ type: StagedUploadDto })
  @ApiBadRequestResponse({
    description: '`validation_failed`: `purpose`, `filename`, `contentType` or `size`.',
  })
  @StoreNotFoundResponse()
  async createUpload(
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreateUploadDto,
  ): Promise<StagedUploadDto> {
    const staged = await this.media.createUpload(store, body);
    return {
      id: staged.id,
      url: staged.url,
      fields: staged.fields,
      expiresAt: staged.expiresAt.toISOString(),
    };
  }

  @Post('uploads/:uploadId/complete')
  @StoreAccess('commerce')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Check the uploaded file (length, magic bytes, decoding, pixel limit) and make it a media with its renditions; 200 with the same media when completed before.',
  })
  @ApiCreatedResponse({ type: MediaDto })
  @ApiOkResponse({ type: MediaDto, description: 'Completed before: the same media.' })
  @ApiNotFoundResponse({ description: '`upload_not_found` (or `store_not_found`).' })
  @ApiUnprocessableEntityResponse({ description: MEDIA_INVALID })
  async complete(
    @CurrentStore() store: AccessibleStore,
    @Param('uploadId') uploadId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MediaDto> {
    if (!isUuid(uploadId)) throw MediaErrors.uploadNotFound();
    const { media, created } = await this.media.complete(store, uploadId);
    if (!created) void reply.status(200);
    return toMediaDto(media, this.media);
  }

  @Get()
  @StoreAccess('read')
  @ApiOperation({ summary: 'The store’s media, newest first, optionally of one purpose.' })
  @ApiOkResponse({ type: MediaPageDto })
  @ApiBadRequestResponse({
    description: '`validation_failed`: `purpose`, `first` (1–100) or a foreign `after`.',
  })
  @StoreNotFoundResponse()
  async list(
    @CurrentStore() store: AccessibleStore,
    @Query() query: ListMediaQueryDto,
  ): Promise<MediaPageDto> {
    const page = await this.media.list(store, {
      purpose: query.purpose,
      first: query.first ?? DEFAULT_PAGE_LIMIT,
      after: query.after,
    });
    return { items: page.items.map((media) => toMediaDto(media, this.media)), nextCursor: page.nextCursor };
  }

  @Get(':mediaId')
  @StoreAccess('read')
  @ApiOperation({ summary: 'One media of the store.' })
  @ApiOkResponse({ type: MediaDto })
  @ApiNotFoundResponse({ description: '`media_not_found` (or `store_not_found`).' })
  async get(@CurrentStore() store: AccessibleStore, @Param('mediaId') mediaId: string): Promise<MediaDto> {
    if (!isUuid(mediaId)) throw MediaErrors.notFound();
    return toMediaDto(await this.media.get(store, mediaId), this.media);
  }

  @Delete(':mediaId')
  @StoreAccess('commerce')
  @NoContentRoute(
    'Delete a media: it leaves every product using it and its URLs answer 404 at once; its objects are removed in the background.',
  )
  @ApiNotFoundResponse({ description: '`media_not_found` (or `store_not_found`).' })
  async delete(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('mediaId') mediaId: string,
  ): Promise<void> {
    if (!isUuid(mediaId)) throw MediaErrors.notFound();
    await this.deletion.delete(caller, store, mediaId);
  }
}
