/* The exit statuses of every command, one meaning each, as the manual
 * and the README give them. A CI job tells a regression (1) from input
 * it could not read (2) and from benchsite failing itself (3); "record"
 * passes bonnie++'s own status through instead of 0 and 1. */
#ifndef BENCHSITE_EXIT_H
#define BENCHSITE_EXIT_H

enum exit_status {
	EXIT_DONE = 0,		/* done, nothing fails the gate */
	EXIT_GATE = 1,		/* a finding fails the gate */
	EXIT_INPUT = 2,		/* bad usage, or input that could not be read */
	EXIT_INTERNAL = 3	/* a file could not be written, memory ran out */
};

#endif
