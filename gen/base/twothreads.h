/* Work split in two, for the steps that take a processor for a sizeable
 * part of a build at 100 000 runs and whose halves touch nothing in
 * common (fingerprints run by run, comparisons series by series, the
 * halves of a sort). */
#ifndef BENCHSITE_TWOTHREADS_H
#define BENCHSITE_TWOTHREADS_H

#include <stddef.h>

/* Runs fn(second) in a thread of its own and fn(first) in this one, and
 * returns once both are done; both here, first then second, when no
 * thread can be started. */
void run_two(void *(*fn)(void *), void *first, void *second);

/* qsort(base, n, size, cmp), its halves sorted in two threads and then
 * merged, the first half's first of two that cmp finds equal: the
 * order of qsort wherever cmp orders every two elements (the names of a
 * site's files, each once). Takes n * size bytes more while it merges. */
void sort_two(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *));

#endif
