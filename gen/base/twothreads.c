/* Work split in two; see twothreads.h. */
#include "base/twothreads.h"
#include "base/xalloc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Below this many elements a sort is not worth a thread. */
#define SORT_TWO_MIN 4096

void
run_two(void *(*fn)(void *), void *first, void *second)
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, second) != 0) {
		fn(first);
		fn(second);
		return;
	}
	fn(first);
	pthread_join(t, NULL);
}

struct sort_half {
	void *base;
	size_t n, size;
	int (*cmp)(const void *, const void *);
};

static void *
sort_half(void *arg)
{
	struct sort_half *h = arg;

	qsort(h->base, h->n, h->size, h->cmp);
	return NULL;
}

void
sort_two(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	size_t half = n / 2;
	char *a = base, *b = a + half * size, *a_end = b, *b_end = a + n * size;
	char *merged, *out;
	struct sort_half h[2] = {{a, half, size, cmp},
	    {b, n - half, size, cmp}};

	if (n < SORT_TWO_MIN) {
		qsort(base, n, size, cmp);
		return;
	}
	run_two(sort_half, &h[0], &h[1]);
	out = merged = xmalloc(n * size);
	while (a < a_end && b < b_end) {
		/* The first half's on a tie: the order a stable sort keeps. */
		char **from = cmp(b, a) < 0 ? &b : &a;

		memcpy(out, *from, size);
		*from += size;
		out += size;
	}
	memcpy(out, a, (size_t)(a_end - a));
	out += a_end - a;
	memcpy(out, b, (size_t)(b_end - b));
	memcpy(base, merged, n * size);
	free(merged);
}
