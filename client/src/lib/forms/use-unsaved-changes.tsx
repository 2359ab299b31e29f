import { Modal } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before leaving a form with unsaved changes, inside the app (router blocker) and when
 * closing or reloading the tab. Returns the dialog to render and a ref the caller clears after a
 * save, before navigating on.
 */
export function useUnsavedChanges(dirty: boolean): { dirtyRef: { current: boolean }; prompt: ReactNode } {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const prompt = (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      okText="Leave"
      okButtonProps={{ danger: true }}
      cancelText="Stay"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your changes on this page have not been saved.
    </Modal>
  );
  return { dirtyRef, prompt };
}
