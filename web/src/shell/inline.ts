// The entry of index.html's inline shell script (built by vite.config.ts, texts filled in there).
import { paintShell, type ShellTexts } from './paint';

declare const __SHELL_TEXTS__: ShellTexts;

paintShell(__SHELL_TEXTS__);
