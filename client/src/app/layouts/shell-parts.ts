/** The shell's lazy parts, each kept to its own failure (ShellPartBoundary) and named on its reload button as `shell.part.<name>`. */
export const SHELL_PARTS = ['accountMenu', 'search', 'overlayMenu', 'customizer'] as const;

export type ShellPart = (typeof SHELL_PARTS)[number];
