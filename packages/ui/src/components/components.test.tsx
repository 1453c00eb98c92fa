// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { PageHeading } from './page-heading.tsx';
import { TextField } from './text-field.tsx';

afterEach(() => {
  cleanup();
});

describe('base components', () => {
  it('a page heading is the one h1, names the document and takes focus', () => {
    render(<PageHeading documentTitle="Audit trail · Staff console">Audit trail</PageHeading>);
    const heading = screen.getByRole('heading', { level: 1, name: 'Audit trail' });
    expect(document.title).toBe('Audit trail · Staff console');
    expect(document.activeElement).toBe(heading);
  });

  it('a text field is labelled, and its hint and error are tied to it', () => {
    render(<TextField label="Mobile number" hint="For example 0771234567" value="" onChange={() => undefined} error="Enter a mobile number" />);
    const input = screen.getByLabelText('Mobile number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['For example 0771234567', 'Enter a mobile number']);
  });

  it('a busy button stays focusable, says it is busy and ignores clicks', () => {
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
