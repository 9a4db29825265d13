/* Work split in two, for the steps that take a processor for a sizeable
 * part of a build at 100 000 runs and whose halves touch nothing in
 * common (fingerprints run by run, comparisons series by series). */
#ifndef BENCHSITE_TWOTHREADS_H
#define BENCHSITE_TWOTHREADS_H

/* Runs fn(second) in a thread of its own and fn(first) in this one, and
 * returns once both are done; both here, first then second, when no
 * thread can be started. */
void run_two(void *(*fn)(void *), void *first, void *second);

#endif
