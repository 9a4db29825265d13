/* "benchsite record": runs bonnie++ and keeps its output and the meta of
 * the storage it ran on as a new run directory. Used by main. */
#ifndef BENCHSITE_RECORD_H
#define BENCHSITE_RECORD_H

/* The record command; argv[0] is "record". Returns bonnie++'s exit
 * status (128 + the signal when one killed it, 127 when it could not be
 * run), or EXIT_INPUT and EXIT_INTERNAL (base/exit.h) as every command
 * does when benchsite itself cannot go on. */
int cmd_record(int argc, char **argv);

#endif
