/** Fields several kinds of items share, and the shape of an item's schema. */
import { Type, type TProperties } from '@sinclair/typebox';
import { Image, Markdown, Slug, Text } from '../common.ts';

export const slug = Type.Optional(Slug("The last part of the item's address. Made from its title or name when left out."));
export const summary = Type.Optional(Text("One or two sentences shown in lists and used as the page's meta description."));
export const body = Type.Optional(Markdown("The main text of the item's page."));
export const image = Type.Optional(Image);
export const organization = Type.Optional(Slug('The organisation this belongs to: the slug of an item in the organisations collection.'));

export const itemObject = <P extends TProperties>(description: string, props: P) => Type.Object(props, { additionalProperties: false, description });
