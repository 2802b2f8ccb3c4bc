import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginLoading } from '../../lib/loading/loading-store';
import { LoadingIndicator } from './loading-indicator';

describe('LoadingIndicator', () => {
  it('shows the progress bar and the mask while the flag is on, and removes both after', () => {
    const { container } = render(<LoadingIndicator />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(container.querySelector('.loading-mask')).toBeNull();

    let end: () => void = () => {};
    act(() => {
      end = beginLoading();
    });

    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    // Indeterminate: no current value.
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(container.querySelector('.loading-mask')).toHaveAttribute('aria-hidden', 'true');

    act(() => end());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(container.querySelector('.loading-mask')).toBeNull();
  });
});
