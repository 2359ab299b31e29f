import axios from 'axios';
import { STORAGE_KEYS } from '../session/storage-keys';

/** The one axios instance: same-origin API, bearer token from storage on every call. */
export const http = axios.create({ headers: { Accept: 'application/json' } });

http.interceptors.request.use((request) => {
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});
