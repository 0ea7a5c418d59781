import type { Image } from '../../schema/common.ts';
import { imageView } from '../images/view.ts';
import { useRender } from './context.tsx';
import { Picture } from './Picture.tsx';

/**
 * An image from the site's media folder, with its real size so nothing shifts while it loads, and
 * for a photo its sized copies. `sizes` says how wide it shows where it is placed (a hero beside
 * its text, a card in a row of three, a logo in the header), so a phone loads a small copy.
 */
export function Img({ image, sizes, className, eager = false }: { image: Image; sizes: string; className?: string; eager?: boolean }) {
  const { site } = useRender();
  return <Picture view={imageView(site, image, sizes)} className={className} eager={eager} />;
}
