import type { Media } from './media';
import type { MediaDto } from './dto/media.dto';
import type { MediaService } from './media.service';

/** The one view of a media, for REST answers (and the GraphQL door's model). */
export function toMediaDto(media: Media, service: Pick<MediaService, 'urls'>): MediaDto {
  const { url, renditions } = service.urls(media);
  return {
    id: media.id,
    storeId: media.storeId,
    purpose: media.purpose,
    contentType: media.contentType,
    width: media.width,
    height: media.height,
    bytes: media.bytes,
    filename: media.filename,
    url,
    renditions,
    createdAt: media.createdAt.toISOString(),
  };
}
