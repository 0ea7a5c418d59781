import type { ImageView } from '../images/view.ts';

/**
 * A picture as a page shows it: for a photo, a <picture> whose sources offer AVIF and WebP copies
 * in several widths and whose <img> falls back to JPEG (or PNG), with its real width and height so
 * nothing shifts while it loads; for an SVG or an animated picture, the file itself.
 */
export function Picture({ view, className, eager = false }: { view: ImageView; className?: string; eager?: boolean }) {
  const img = (
    <img
      className={className}
      src={view.src}
      srcSet={view.srcset}
      sizes={view.srcset ? view.sizes : undefined}
      alt={view.alt}
      width={view.width}
      height={view.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  if (!view.sources?.length) return img;
  return (
    <picture>
      {view.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={view.sizes} />
      ))}
      {img}
    </picture>
  );
}
