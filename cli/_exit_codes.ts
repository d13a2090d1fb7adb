// The exit codes of every command, apart from _common.ts so that cli.ts loads nothing else.

/**
 * Exit codes: 0 done (and every gate passed), 1 a gate failed, 2 the command could not run with
 * what it was given, 70 a bug in verdict (the message asks for a report).
 */
export const EXIT_OK = 0;
export const EXIT_GATE = 1;
export const EXIT_USAGE = 2;
export const EXIT_BUG = 70;

/** The exit codes as a help line, the same in every command. */
export const EXIT_CODES_HELP =
  "Exit codes: 0 done, 2 the file or an option could not be used (or no row of the file could " +
  "be used), 70 a bug in verdict.";
