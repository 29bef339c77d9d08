import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headingsNestedUnder, RichText } from './rich-text';

describe('rich text (descriptions rendered by the server)', () => {
  afterEach(cleanup);

  it('moves the text\'s headings below the page\'s, keeping their distances, h6 at most', () => {
    expect(headingsNestedUnder('<h2 id="a">Strings</h2><p>x</p><h3>Programme</h3>', 2)).toBe('<h3 id="a">Strings</h3><p>x</p><h4>Programme</h4>');
    expect(headingsNestedUnder('<h1>A</h1><h2>B</h2><h6>C</h6>', 2)).toBe('<h3>A</h3><h4>B</h4><h6>C</h6>');
    expect(headingsNestedUnder('<H1>A</H1>', 1)).toBe('<h2>A</h2>');
  });

  it('leaves a text without headings, or whose headings already sit below, as it is; no other tag is touched', () => {
    expect(headingsNestedUnder('<p>hr <hr> and <header>h1</header></p>', 2)).toBe('<p>hr <hr> and <header>h1</header></p>');
    expect(headingsNestedUnder('<h4>Deep</h4>', 2)).toBe('<h4>Deep</h4>');
  });

  it('renders the nested headings', () => {
    render(<RichText html="<h1>Strings after dark</h1><p>Music.</p>" headingsUnder={2} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Strings after dark' })).toBeTruthy();
  });
});
