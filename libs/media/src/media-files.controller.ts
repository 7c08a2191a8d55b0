import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { isUuid, Public } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { DiskUploadService } from './disk-upload.service';
import { MediaErrors } from './media.errors';
import { MediaService } from './media.service';
import { ServedObjects } from './served-objects';
import { MEDIA_STORAGE, type MediaStorage, type RangeChoice } from './storage/media-storage';

/** A URL never changes what it shows (a new file is a new media id): caches keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NAME = /^[a-z0-9]{1,16}\.[a-z]{2,4}$/;

/**
 * The two public doors of media: the disk backend's upload form (its policy is its authority, so no
 * bearer token), and the served files under `/media/<storeId>/<mediaId>/<name>.<ext>` — one indexed read
 * says whether the media still exists (a deleted one is 404 at once), then the object is streamed.
 */
@ApiTags('media')
@Controller()
export class MediaFilesController {
  private readonly served = new ServedObjects();

  constructor(
    private readonly media: MediaService,
    private readonly uploads: DiskUploadService,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  @Post('v1/media/uploads/:uploadId')
  @Public()
  @HttpCode(204)
  @ApiOperation({
    summary:
      'The disk backend’s upload URL: a multipart/form-data form with every field of the staged upload first, then the file as `file` (as S3 POST Object).',
  })
  @ApiNoContentResponse({ description: 'Stored; complete the upload next.' })
  @ApiBadRequestResponse({
    description: '`validation_failed` naming `file`: not exactly the declared length, or no file part.',
  })
  @ApiForbiddenResponse({
    description: '`upload_policy_refused`: a wrong signature, an expired policy, another key or type.',
  })
  @ApiNotFoundResponse({
    description: '`upload_not_found` (also on the S3 backend, whose forms go to the bucket).',
  })
  async upload(@Param('uploadId') uploadId: string, @Req() request: FastifyRequest): Promise<void> {
    const body = request.body as Readable | undefined;
    if (!isUuid(uploadId) || !body || typeof body.pipe !== 'function') {
      body?.resume?.();
      throw isUuid(uploadId)
        ? MediaErrors.badInput([{ field: 'file', message: 'send multipart/form-data' }])
        : MediaErrors.uploadNotFound();
    }
    await this.uploads.receive(uploadId, request.headers, body);
  }

  @Get('media/:storeId/:mediaId/:name')
  @Public()
  @ApiOperation({
    summary:
      'A media’s original or rendition: immutable caching, an ETag, byte ranges (206), nosniff and a sandbox CSP; 404 once the media or its store is deleted.',
  })
  @ApiOkResponse({ description: 'The image.' })
  @ApiNotFoundResponse({ description: '`not_found`.' })
  async serve(
    @Param('storeId') storeId: string,
    @Param('mediaId') mediaId: string,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // HEAD is Fastify's own, from this GET (the body is dropped).
    await this.send(storeId, mediaId, name, request, reply);
  }

  private async send(
    storeId: string,
    mediaId: string,
    name: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const notFound = () => MediaErrors.notFound();
    if (!isUuid(storeId) || !isUuid(mediaId) || !NAME.test(name)) throw notFound();
    const object = await this.media.servable(storeId, mediaId, name);
    if (!object) throw notFound();
    const etag = `"${mediaId}-${name}"`;
    void reply
      .header('Content-Type', object.contentType)
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return void reply.status(304).send();
    }
    const ifRange = request.headers['if-range'];
    const wanted = request.headers.range;
    const choose = wanted
      ? (size: number) => parseRange(wanted, size, typeof ifRange === 'string' ? ifRange : undefined, etag)
      : undefined;
    const kept = this.served.get(object.key);
    if (kept) {
      const range = choose ? choose(kept.length) : null;
      return answer(
        reply,
        range,
        kept.length,
        range && range !== 'unsatisfiable' ? kept.subarray(range.start, range.end + 1) : kept,
      );
    }
    const opened = await this.storage.open(object.key, choose);
    if (!opened) throw notFound();
    const { range, size, body } = opened;
    // A small object served whole is read once and kept (served-objects.ts); others stream.
    if (!range && body && size <= this.served.maxObject) {
      const bytes = await readAll(body);
      this.served.keep(object.key, bytes);
      return answer(reply, null, size, bytes);
    }
    return answer(reply, range, size, body);
  }
}

/** The answer's status and length headers for the range chosen, and its body. */
function answer(reply: FastifyReply, range: RangeChoice, size: number, body: Readable | Buffer | null): void {
  if (range === 'unsatisfiable') {
    return void reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) {
    void reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    void reply.status(200).header('Content-Length', String(size));
  }
  return void reply.send(body);
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * One `bytes=` range (the first of a list; several would need a multipart answer no image client asks
 * for), or null for the whole object (no Range, an If-Range that no longer matches, or a form we ignore as
 * RFC 9110 allows).
 */
function parseRange(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.split(',')[0].trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (start >= size || end < start) return 'unsatisfiable';
  }
  return { start, end };
}
