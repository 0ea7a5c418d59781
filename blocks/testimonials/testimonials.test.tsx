import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { testimonials } from './index.tsx';

const yamlOf = (items: object[] = testimonials.example.items) => stringify([{ type: 'testimonials', ...testimonials.example, items }]);
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('testimonials block', () => {
  it('renders each testimonial as a figure with a blockquote and a caption', () => {
    const html = text(pageHtml(siteFrom(siteWithBlocks(yamlOf())), '/'));
    expect(html).toContain('<h2 class="testimonials-heading">What our patients say</h2>');
    expect(html).toContain('<figure><p class="testimonial-rating">');
    expect(html).toContain('<blockquote><p>“Thursday evening appointments are a lifesaver with my work schedule.”</p></blockquote>');
    expect(html).toContain('<figcaption><span class="testimonial-name">Ana L.</span> <span class="testimonial-detail">Patient since 2022</span></figcaption>');
  });

  it('says the rating in words and draws the stars for sighted visitors only', () => {
    const html = text(pageHtml(siteFrom(siteWithBlocks(yamlOf([{ quote: '"Great work."', name: 'Sam', rating: 3 }]))), '/'));
    expect(html).toContain('<span class="visually-hidden">3 out of 5 stars</span>');
    expect(html).toContain('<span class="testimonial-stars" aria-hidden="true">');
    expect(html.match(/class="star-on"/g)).toHaveLength(3);
    expect(html.match(/class="star-off"/g)).toHaveLength(2);
    expect(html).toContain('<p>“Great work.”</p>');
    expect(html).not.toContain('testimonial-detail');
  });

  it('leaves the rating out when there is none', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf([{ quote: 'Lovely people.', name: 'Kim' }]))), '/');
    expect(html).not.toContain('testimonial-rating');
  });

  it('refuses a rating above 5', () => {
    const [problem] = problemsOf(siteWithBlocks(yamlOf([{ quote: 'Best ever.', name: 'Lee', rating: 6 }])));
    expect(problem).toContain('SW_OUT_OF_RANGE');
    expect(problem).toContain('at most 5');
  });
});
