import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../../testing/render-widget.tsx';
import { LinkedText } from './linked-text.tsx';

describe('LinkedText', () => {
  it('shows script as text and makes only http(s) links clickable', () => {
    const { container } = renderWidget(
      <LinkedText text={'<img src=x onerror=alert(1)> see https://example.com/x and javascript:alert(1)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/x');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });
});
