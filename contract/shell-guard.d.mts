/** The shell's first, inline script (see shell-guard.mjs). */
export declare const SHELL_GUARD_SCRIPT: string;
