import type { ConfigOptions, JointContent, MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';

type Message = MessageInstance & { config(options: ConfigOptions): void };
type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** Shows a toast of one kind; settles when it has closed (never rejects: a toast that cannot load is left out). */
type ShowToast = (content: JointContent) => Promise<void>;

/** The app's toasts, one method per kind. */
export type Toast = Record<ToastKind, ShowToast>;

let options: ConfigOptions = {};
let loading: Promise<Message> | null = null;

/**
 * antd's static messages, a chunk of their own: no screen draws a toast at first paint, so they
 * load once a screen that may show one has rendered, with the settings `AppProviders` gave.
 */
function loadMessage(): Promise<Message> {
  loading ??= import('antd/es/message')
    .then(({ default: message }) => {
      message.config(options);
      return message;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The toasts' settings (docs/specification.md §9), applied now if they are loaded, else when they load. */
export function configureToasts(next: ConfigOptions): void {
  options = next;
  if (loading) void loading.then((message) => message.config(next)).catch(() => undefined);
}

function show(kind: ToastKind): ShowToast {
  return async (content) => {
    try {
      await (await loadMessage())[kind](content);
    } catch {
      // The chunk could not be downloaded (offline, or a deploy replaced it): the action itself is done.
    }
  };
}

const toast: Toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };

/**
 * The app's toasts. They are antd's static messages, so they outlive the layout that showed them
 * (a "saved" toast stays while the next screen opens); `AppProviders` gives them the seed's
 * settings and renders them inside the current theme. A screen that may show one loads them
 * once it has rendered, so they are there when it does.
 */
export function useToast(): Toast {
  useEffect(() => {
    void loadMessage().catch(() => undefined);
  }, []);
  return toast;
}
