/**
 * An update as it is e-mailed: the Markdown body in the site's colours and name (react-email), a
 * plain-text part made from the same, the site's postal address in the footer, and a link that
 * unsubscribes this one recipient, also given as RFC 8058 one-click headers.
 */
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text, render } from '@react-email/components';
import { renderMarkdown } from '../render/markdown.ts';
import type { Site } from '../site.ts';

export interface CampaignContent {
  subject: string;
  markdown: string;
}

export interface RenderedCampaign {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** The site's postal address on one line, or undefined when the site gives none. */
export function postalLine(site: Site): string | undefined {
  const a = site.data.site.address;
  if (!a) return undefined;
  return [a.street, a.locality, [a.region, a.postalCode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
}

function Update({ site, content, unsubscribeUrl }: { site: Site; content: CampaignContent; unsubscribeUrl: string }) {
  const colors = site.data.theme.colors;
  const name = site.data.site.name;
  const address = postalLine(site);
  return (
    <Html lang={site.data.site.language ?? 'en'}>
      <Head />
      <Preview>{content.subject}</Preview>
      <Body style={{ backgroundColor: colors.surface, color: colors.text, fontFamily: 'Arial, Helvetica, sans-serif' }}>
        <Container style={{ backgroundColor: colors.background, maxWidth: '600px', padding: '0 0 24px' }}>
          <Section style={{ backgroundColor: colors.primary, padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: '20px', fontWeight: 'bold', margin: 0 }}>{name}</Text>
          </Section>
          <Section style={{ padding: '8px 24px', fontSize: '16px', lineHeight: '1.5' }}>
            <div dangerouslySetInnerHTML={{ __html: renderMarkdown(content.markdown) }} />
          </Section>
          <Hr />
          <Section style={{ padding: '0 24px', fontSize: '13px' }}>
            <Text>
              {name}
              {address ? ` · ${address}` : ''}
            </Text>
            <Text>
              You receive this because you subscribed to updates from {name}.{' '}
              <Link href={unsubscribeUrl} style={{ color: colors.primary }}>
                Unsubscribe
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The message for one recipient, whose own unsubscribe link is given. */
export async function renderCampaign(site: Site, content: CampaignContent, unsubscribeUrl: string): Promise<RenderedCampaign> {
  const element = <Update site={site} content={content} unsubscribeUrl={unsubscribeUrl} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: content.subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
