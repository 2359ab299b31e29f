import type { UploadLimits } from '../../../../shared/contracts/profile';

const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };

/** "JPEG, PNG or WebP" for the server's accepted types. */
export function acceptedTypesText(limits: UploadLimits): string {
  const names = limits.types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** Megabytes as people write them ("8 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * The server's upload rules checked before sending, so a wrong file is refused at once:
 * the type and size. The server checks again, and reads the file's bytes rather than its type.
 */
export function checkImage(file: Pick<File, 'name' | 'type' | 'size'>, limits: UploadLimits): string | null {
  if (!limits.types.includes(file.type)) return `"${file.name}" is not a ${acceptedTypesText(limits)} image.`;
  if (file.size > limits.maxBytes) return `"${file.name}" is larger than ${megabytes(limits.maxBytes)}.`;
  return null;
}
