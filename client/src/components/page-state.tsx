import { Alert, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { problemOf } from '../lib/forms/server-errors';

/** A read that failed: what it was, why, and how to ask again. */
export interface PageFailure {
  /** Named as the screen says it: "Your billing" reads "Your billing could not be loaded." */
  what: string;
  cause: unknown;
  onRetry: () => void;
  /** Said instead of the problem's detail (a 403 that needs plain words). */
  detail?: string;
}

/** The failure of a query (TanStack Query's `isError`, `error`, `refetch`), or null while it has not failed. */
export function loadFailure(what: string, query: { isError: boolean; error: unknown; refetch: () => unknown }, detail?: string): PageFailure | null {
  return query.isError ? { what, cause: query.error, onRetry: () => void query.refetch(), ...(detail ? { detail } : {}) } : null;
}

interface PageStateProps {
  /** Shown first: "<what> could not be loaded." with the problem's detail and Try again. */
  failure?: PageFailure | null;
  loading?: boolean;
  /** Shown when set and nothing failed or loads: what an empty answer means, with `emptyAction` under it. */
  empty?: ReactNode;
  emptyAction?: ReactNode;
  /** The loading skeleton's lines, and whether it has a title line. */
  rows?: number;
  skeletonTitle?: boolean;
  className?: string;
  /** What the screen shows once its data is there. */
  children?: ReactNode;
}

/**
 * Every screen's loading, error and empty states, drawn and worded the same: a skeleton marked
 * busy, an alert (role="alert") naming what could not be loaded with Try again, an empty notice.
 */
export function PageState({ failure, loading = false, empty, emptyAction, rows = 6, skeletonTitle = true, className, children }: PageStateProps) {
  if (failure) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        className={className}
        title={`${failure.what} could not be loaded.`}
        description={failure.detail ?? problemOf(failure.cause)?.detail ?? 'Check your connection, then try again.'}
        action={<Button onClick={failure.onRetry}>Try again</Button>}
      />
    );
  }
  if (loading) {
    return (
      <div className={className} aria-busy="true">
        {/* The skeleton's bars (its title bar is an empty h3) are no content for a screen reader. */}
        <div aria-hidden="true">
          <Skeleton active title={skeletonTitle} paragraph={{ rows }} />
        </div>
      </div>
    );
  }
  if (empty !== undefined && empty !== null && empty !== false) {
    return (
      <Empty className={className} image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty}>
        {emptyAction}
      </Empty>
    );
  }
  return <>{children}</>;
}
