/* Work split in two; see twothreads.h. */
#include "base/twothreads.h"

#include <pthread.h>

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
