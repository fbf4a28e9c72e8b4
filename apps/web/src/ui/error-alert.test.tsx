import { screen } from '@testing-library/react';
import { messages } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/api-error.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { ErrorAlert } from './error-alert.tsx';

describe('ErrorAlert', () => {
  it('says the sentence it is given', () => {
    renderWidget(<ErrorAlert>The agenda could not be loaded.</ErrorAlert>);
    expect(screen.getByRole('alert').textContent).toBe('The agenda could not be loaded.');
  });

  it("says a request's failure in the server's words", () => {
    renderWidget(
      <ErrorAlert error={new ApiRequestError('This team name is taken.', 400, 'INVALID', null)} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('This team name is taken.');
  });

  it('says that something went wrong when the request never reached the server', () => {
    renderWidget(<ErrorAlert error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert').textContent).toBe(messages.somethingWentWrong);
  });

  it('shows nothing while the request has not failed', () => {
    renderWidget(<ErrorAlert error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
