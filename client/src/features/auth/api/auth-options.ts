import { z } from 'zod';
import { http } from '../../../lib/api/http';

const optionsSchema = z.object({ data: z.object({ googleClientId: z.string().nullable() }) });

/** GET /api/auth/options: which sign-in methods the server offers. */
export async function getAuthOptions() {
  return optionsSchema.parse((await http.get('/api/auth/options')).data).data;
}
