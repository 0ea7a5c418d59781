/**
 * Every block, keyed by the `type:` authors write. Listed explicitly: a block that is not
 * here does not exist, and a `type:` that is not here is a validation error with a suggestion.
 */
import { calculator } from './calculator/index.ts';
import { form } from './form/index.ts';
import { hero } from './hero/index.tsx';
import { item } from './item/index.tsx';
import { itemList } from './item-list/index.tsx';
import { richText } from './rich-text/index.tsx';
import { blogIndex } from './blog-index/index.tsx';
import { blogPost } from './blog-post/index.tsx';
import { breadcrumbs } from './breadcrumbs/index.tsx';
import { categoryList } from './category-list/index.tsx';
import { childPages } from './child-pages/index.tsx';
import { newsDetail } from './news-detail/index.tsx';
import { newsList } from './news-list/index.tsx';
import { areaList } from './area-list/index.tsx';
import { areaPage } from './area-page/index.tsx';
import { eventDetail } from './event-detail/index.tsx';
import { eventList } from './event-list/index.tsx';
import { jobList } from './job-list/index.tsx';
import { jobPosting } from './job-posting/index.tsx';
import { orgDirectory } from './org-directory/index.tsx';
import { organizationDetail } from './organization-detail/index.tsx';
import { teamMember } from './team-member/index.tsx';
import { serviceList } from './service-list/index.tsx';
import { cards } from './cards/index.tsx';
import { cta } from './cta/index.tsx';
import { testimonials } from './testimonials/index.tsx';
import { faq } from './faq/index.tsx';
import { priceList } from './price-list/index.tsx';
import { logoStrip } from './logo-strip/index.tsx';
import { gallery } from './gallery/index.tsx';
import { teamList } from './team-list/index.tsx';
import { contactDetails } from './contact-details/index.tsx';
import { menu } from './menu/index.tsx';
import { order } from './order/index.tsx';
import { steps } from './steps/index.tsx';
import { payment } from './payment/index.tsx';
import { receipt } from './receipt/index.tsx';
import { donate } from './donate/index.tsx';
import { giftCertificate } from './gift-certificate/index.tsx';
import { giftBalance } from './gift-balance/index.tsx';
import { booking } from './booking/index.tsx';
import { timetable } from './timetable/index.tsx';
import { tripBuilder } from './trip-builder/index.tsx';
import { product } from './product/index.tsx';
import { productList } from './product-list/index.tsx';
import { shop } from './shop/index.tsx';
import { search } from './search/index.tsx';
import { map } from './map/index.tsx';
import type { AnyBlock } from './contract.ts';

export const BLOCKS: Record<string, AnyBlock> = {
  hero,
  'rich-text': richText,
  'item-list': itemList,
  item,
  calculator,
  form,
  'blog-index': blogIndex,
  'blog-post': blogPost,
  'category-list': categoryList,
  'news-list': newsList,
  'news-detail': newsDetail,
  breadcrumbs,
  'child-pages': childPages,
  'area-page': areaPage,
  'area-list': areaList,
  'job-list': jobList,
  'job-posting': jobPosting,
  'event-list': eventList,
  'event-detail': eventDetail,
  'org-directory': orgDirectory,
  'team-member': teamMember,
  'organization-detail': organizationDetail,
  'service-list': serviceList,
  cards,
  cta,
  testimonials,
  faq,
  'price-list': priceList,
  'logo-strip': logoStrip,
  gallery,
  'team-list': teamList,
  'contact-details': contactDetails,
  menu,
  order,
  steps,
  payment,
  receipt,
  donate,
  'gift-certificate': giftCertificate,
  'gift-balance': giftBalance,
  booking,
  timetable,
  'trip-builder': tripBuilder,
  product,
  'product-list': productList,
  shop,
  search,
  map,
};
