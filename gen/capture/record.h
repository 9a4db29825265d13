/* "benchsite record": runs bonnie++ and keeps its output and the meta of
 * the storage it ran on as a new run directory. Used by main. */
#ifndef BENCHSITE_RECORD_H
#define BENCHSITE_RECORD_H

/* The record command; argv[0] is "record". Returns bonnie++'s exit
 * status (128 + the signal when one killed it), or 2 and 3 as every
 * command does when benchsite itself cannot go on. */
int cmd_record(int argc, char **argv);

#endif
