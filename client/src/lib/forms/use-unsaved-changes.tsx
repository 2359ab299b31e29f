import { Button, Modal } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate';
import { useBlocker } from 'react-router-dom';
import { useConfig } from '../config/config-context';

/**
 * Asks before leaving a form with unsaved changes, inside the app (router blocker) and when
 * closing or reloading the tab. Inside the app the vendor gets the three dialog buttons of
 * app.json: OK saves and then goes on (a failed save keeps them on the form, with its errors),
 * No goes on without saving, Cancel stays. `save` resolves to whether the save succeeded.
 * `dirtyRef` follows `dirty`; the caller clears it after a save, before navigating on in the same
 * tick. Returns the dialog to render.
 */
export function useUnsavedChanges(dirty: boolean, dirtyRef: { current: boolean }, save: () => Promise<boolean>): ReactNode {
  const { t } = useTranslation();
  const { dialogButtons } = useConfig().app.modal;
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty, dirtyRef]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirtyRef]);

  const saveAndLeave = async () => {
    setSaving(true);
    const saved = await save().finally(() => setSaving(false));
    if (saved) blocker.proceed?.();
    else blocker.reset?.();
  };
  const stay = () => {
    if (!saving) blocker.reset?.();
  };

  const prompt = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      onCancel={stay}
      closable={!saving}
      mask={{ closable: !saving }}
      footer={[
        <Button key="cancel" onClick={stay} disabled={saving}>
          {dialogButtons.cancel}
        </Button>,
        <Button key="no" danger onClick={() => blocker.proceed?.()} disabled={saving}>
          {dialogButtons.no}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void saveAndLeave()}>
          {dialogButtons.ok}
        </Button>,
      ]}
    >
      {t('unsaved.body', dialogButtons)}
    </Modal>
  );
  return prompt;
}
