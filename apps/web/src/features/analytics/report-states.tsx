import type { ReactNode } from 'react';
import { ApiRequestError } from '../../api/api-error.ts';
import { FeatureNotEnabled } from '../../ui/plan-gate.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * A report's states: loading, refused by the organisation's plan or flags (the spec's
 * 'This feature is not enabled for your organization'), another failure, or the report.
 */
export function ReportStates({
  query,
  loadingLabel,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loadingLabel: string;
  children: ReactNode;
}) {
  if (query.isError) {
    const { error } = query;
    return error instanceof ApiRequestError && error.code === 'FEATURE_NOT_ENABLED' ? (
      <FeatureNotEnabled />
    ) : (
      <ErrorAlert error={error} />
    );
  }
  if (query.isPending) return <Loading label={loadingLabel} />;
  return children;
}
