import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The app's toasts. They are antd's static messages, so they outlive the layout that showed them
 * (a "saved" toast stays while the next screen opens); `AppProviders` gives them the seed's
 * settings and renders them inside the current theme.
 */
export function useToast(): MessageInstance {
  return message;
}
