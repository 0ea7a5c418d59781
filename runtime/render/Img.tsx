import type { Image } from '../../schema/common.ts';
import { mediaUrl, useRender } from './context.tsx';

/** An image from the site's media folder, always with its size so nothing shifts while it loads. */
export function Img({ image, className, eager = false }: { image: Image; className?: string; eager?: boolean }) {
  const { site } = useRender();
  return (
    <img
      className={className}
      src={mediaUrl(site.prefix, image.src)}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
